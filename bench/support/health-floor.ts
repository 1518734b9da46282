// The overhead of an authenticated list above the server's cheapest answer: the p50 of /api/health
// (no token, no database) measured in the same run, so a noisy machine moves both figures alike.
// Target: page 1 of a million-row list, unfiltered or by one equality, within 2 ms of it.
import { ms, type Figure } from './figures.ts'

const ABOVE_HEALTH_TARGET_MS = 2

/** GET /api/health, checked: a failed health call must not pass for a fast one. */
export function healthCall(base: string): () => Promise<void> {
  return async () => {
    const res = await fetch(`${base}/api/health`)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`/api/health: HTTP ${res.status}`)
  }
}

/** The figure of one list case: its p50 less the health p50 of the same run. */
export function aboveHealth(what: string, http: number, health: number): Figure {
  const above = http - health
  return {
    figure: `${what}, above /api/health p50`,
    value: ms(above),
    target: `<= ${ABOVE_HEALTH_TARGET_MS} ms`,
    baseline: `health p50 ${ms(health)}`,
    ok: above <= ABOVE_HEALTH_TARGET_MS,
  }
}
