// Maps a position in a built chunk (a long animation frame's script attribution: URL and character
// offset) back to the source file and line, when the build has source maps next to its chunks
// (`vite build --sourcemap hidden`). Without a map the chunk name and offset are returned as they are.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface Mapping {
  col: number
  source: number
  srcLine: number
}
interface Loaded {
  lineStarts: number[]
  mappings: Mapping[][]
  sources: string[]
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Decodes one segment of base64 VLQ numbers. */
function vlq(segment: string): number[] {
  const out: number[] = []
  let value = 0
  let shift = 0
  for (const ch of segment) {
    const digit = B64.indexOf(ch)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return out
}

function parse(raw: { mappings: string; sources: string[] }): Pick<Loaded, 'mappings' | 'sources'> {
  const lines: Mapping[][] = []
  let source = 0
  let srcLine = 0
  raw.mappings.split(';').forEach((text) => {
    let col = 0
    const row: Mapping[] = []
    for (const seg of text.split(',')) {
      if (!seg) continue
      const [dc = 0, ds, dl] = vlq(seg)
      col += dc
      if (ds === undefined) continue
      source += ds
      srcLine += dl ?? 0
      row.push({ col, source, srcLine })
    }
    lines.push(row)
  })
  return { mappings: lines, sources: raw.sources }
}

const cache = new Map<string, Loaded | null>()

function load(distDir: string, url: string): Loaded | null {
  let path: string
  try {
    path = join(distDir, new URL(url).pathname)
  } catch {
    return null
  }
  if (cache.has(path)) return cache.get(path)!
  let loaded: Loaded | null = null
  if (existsSync(path) && existsSync(`${path}.map`)) {
    const code = readFileSync(path, 'utf8')
    const lineStarts = [0]
    for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1)
    loaded = { lineStarts, ...parse(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) }
  }
  cache.set(path, loaded)
  return loaded
}

/** "src/offline/query-persister.ts:112" for a chunk URL and character offset, or "chunk.js@offset". */
export function sourceOf(distDir: string, url: string, pos: number): string {
  const short = url ? url.replace(/^.*\//, '') : '(no script URL)'
  if (!url || pos < 0) return short
  const map = load(distDir, url)
  if (!map) return `${short}@${pos}`
  let line = map.lineStarts.length - 1
  while (line > 0 && map.lineStarts[line]! > pos) line--
  return sourceAt(distDir, url, line, pos - map.lineStarts[line]!)
}

/** The same for a 0-based line and column of the chunk (a CPU profile's call frame). */
export function sourceAt(distDir: string, url: string, line: number, col: number): string {
  const short = url ? url.replace(/^.*\//, '') : '(native)'
  const map = url ? load(distDir, url) : null
  if (!map) return url ? `${short}:${line + 1}:${col + 1}` : short
  // The last mapping at or before the column (the function's own code starts at its offset).
  const row = map.mappings[line] ?? []
  let lo = 0
  let hi = row.length - 1
  let hit: Mapping | undefined
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (row[mid]!.col <= col) {
      hit = row[mid]
      lo = mid + 1
    } else hi = mid - 1
  }
  if (!hit) return `${short}:${line + 1}:${col + 1}`
  // node_modules/<package>/… for libraries, src/… (or sw/…) for the app's own files.
  const raw = map.sources[hit.source]!
  const file = raw.includes('node_modules/')
    ? raw.replace(/^.*node_modules\//, 'node_modules/')
    : raw.replace(/^.*?\/?(?=(src|sw)\/)/, '')
  return `${file}:${hit.srcLine + 1}`
}
