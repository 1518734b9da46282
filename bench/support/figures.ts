// One shape for the figures every bench reports against its targets, so `npm run bench`
// (bench/all.ts) can print them side by side and the README's table can be written from them.
// A bench script prints its own detail as before and, at the end, one `FIGURE {json}` line per
// target figure (printFigures); bench/all.ts runs the scripts and collects those lines.

export interface Figure {
  /** What is measured, e.g. "list p50, 1M rows, page 1, like filter (sqlite)". */
  figure: string
  /** The measured value, with its unit, e.g. "4.2 ms". */
  value: string
  /** The target, e.g. "<= 10 ms". */
  target: string
  /** What it is compared with (the bare SQL, the previous figure), if anything. */
  baseline?: string
  ok: boolean
}

const FIGURE_PREFIX = 'FIGURE '

export function printFigures(figures: Figure[]): void {
  for (const f of figures) console.log(`${FIGURE_PREFIX}${JSON.stringify(f)}`)
}

/** Reads the figures out of a bench script's output. */
export function parseFigures(output: string): Figure[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith(FIGURE_PREFIX))
    .map((l) => JSON.parse(l.slice(FIGURE_PREFIX.length)) as Figure)
}

export const ms = (v: number): string => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`
