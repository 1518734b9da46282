// The demo's seeded pseudo-random numbers (mulberry32: tiny, fast, the same sequence on every
// machine) and the few draws the parts make from them.

/** Numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The draws a part makes, over one random source. */
export function draws(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  return {
    /** A whole number from min to max, both included. */
    int,
    /** true with probability p. */
    chance: (p: number) => random() < p,
    /** One element of a non-empty list. */
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!,
    /** One element of [value, weight] pairs, by weight. */
    weighted: <T>(list: readonly (readonly [T, number])[]): T => {
      let left = random() * list.reduce((s, [, w]) => s + w, 0)
      for (const [value, weight] of list) if ((left -= weight) < 0) return value
      return list[list.length - 1]![0]
    },
    /** A whole number of đồng from min to max, rounded down to a multiple of `step`. */
    money: (min: number, max: number, step = 1000) => Math.floor(int(min, max) / step) * step,
    /** `count` distinct elements of a list (all of it when it is shorter). */
    sample: <T>(list: readonly T[], count: number): T[] => {
      const copy = [...list]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1))
        ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
      }
      return copy.slice(0, count)
    },
  }
}

export type Draws = ReturnType<typeof draws>
