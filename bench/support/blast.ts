// One autocannon run against one URL of a running server, reduced to the figures the throughput
// bench reports, plus a client that runs one slow request after another beside it.
import autocannon from 'autocannon'

export interface Blast {
  perSecond: number
  p50: number
  p99: number
  requests: number
  errors: number
  timeouts: number
  non2xx: number
}

export async function blast(
  baseUrl: string,
  path: string,
  token: string,
  seconds: number,
  connections: number,
): Promise<Blast> {
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections,
    duration: seconds,
    headers: { 'Blade-Auth': `bearer ${token}` },
  })
  return {
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }
}

export const describeBlast = (b: Blast): string =>
  `${Math.round(b.perSecond)} req/s, p50 ${b.p50} ms, p99 ${b.p99} ms, ${b.requests} requests, ${b.errors} errors, ${b.timeouts} timeouts, ${b.non2xx} non-2xx`

/**
 * Sends `path` again each time the previous answer came, until `stop()`; returns each answered
 * request's time, and how many were refused as too broad (400: stopped at the list statement limit).
 */
export function slowLoop(
  baseUrl: string,
  path: string,
  token: string,
): { stop: () => Promise<number[] & { refused: number }> } {
  let running = true
  const times = Object.assign([] as number[], { refused: 0 })
  const loop = (async () => {
    while (running) {
      const t0 = performance.now()
      const res = await fetch(`${baseUrl}${path}`, { headers: { 'Blade-Auth': `bearer ${token}` } })
      await res.arrayBuffer()
      if (res.status === 400) times.refused++
      else if (res.status !== 200) throw new Error(`slow query answered ${res.status}`)
      else times.push(performance.now() - t0)
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return times
    },
  }
}

export async function timeOnce(
  baseUrl: string,
  path: string,
  token: string,
): Promise<{ ms: number; status: number; body: string }> {
  const t0 = performance.now()
  const res = await fetch(`${baseUrl}${path}`, { headers: { 'Blade-Auth': `bearer ${token}` } })
  const body = await res.text()
  return { ms: performance.now() - t0, status: res.status, body }
}
