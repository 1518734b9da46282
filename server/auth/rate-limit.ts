// A per-key sliding window kept in memory (one per app instance): enough for a single server
// process guarding the token and registration endpoints.
export interface RateLimiter {
  /** Records a hit; false when the key is already over its limit for the window. */
  hit(key: string, at?: number): boolean
  clear(): void
}

export function createRateLimiter(limit: number, windowMs = 60_000): RateLimiter {
  const hits = new Map<string, number[]>()
  const sweep = (at: number) => {
    for (const [k, times] of hits) if (!times.length || times[times.length - 1] <= at - windowMs) hits.delete(k)
  }
  return {
    hit(key, at = Date.now()) {
      if (hits.size > 10_000) sweep(at)
      const times = (hits.get(key) ?? []).filter((t) => t > at - windowMs)
      const allowed = times.length < limit
      if (allowed) times.push(at)
      hits.set(key, times)
      return allowed
    },
    clear() {
      hits.clear()
    },
  }
}
