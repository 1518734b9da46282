// Outcome of one replayed request, read from the Blade envelope and not only the HTTP status (docs/offline.md R12),
// and the retry backoff (docs/offline.md R14).
import { BladeHttpError, type Envelope } from '@/api/http'
import type { Json, OutboxOp } from './db'

export type Outcome =
  | { kind: 'done'; record: Json | null }
  /** offline: the request never got an answer, so the device is taken as offline (docs/offline.md R16). */
  | { kind: 'retry'; offline: boolean; message: string }
  | { kind: 'auth'; message: string }
  | { kind: 'rejected'; message: string }
  /** serverRecord null: the record was deleted on the server (docs/offline.md R9). */
  | { kind: 'conflict'; message: string; serverRecord: Json | null }

const isRecord = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v)

/** A resolved call: the client only resolves code 200, but an envelope may still say success false. */
export function classifyAnswer(envelope: Envelope<unknown>): Outcome {
  if (envelope.success === false) return { kind: 'rejected', message: envelope.msg }
  return { kind: 'done', record: isRecord(envelope.data) ? envelope.data : null }
}

/** A rejected call of the HTTP client: BladeHttpError carries the envelope code and the body. */
export function classifyError(op: OutboxOp, err: unknown): Outcome {
  if (!(err instanceof BladeHttpError))
    return { kind: 'retry', offline: false, message: String(err) }
  const { code, msg: message } = err
  const data = isRecord(err.data) ? err.data.data : undefined
  if (code === 0) return { kind: 'retry', offline: true, message }
  if (code === 401) return { kind: 'auth', message }
  // A stale version carries the current record; a concurrent duplicate (no record) is still running.
  if (code === 409)
    return isRecord(data)
      ? { kind: 'conflict', message, serverRecord: data }
      : { kind: 'retry', offline: false, message }
  if (code === 404) {
    if (op === 'remove') return { kind: 'done', record: null }
    if (op === 'update') return { kind: 'conflict', message, serverRecord: null }
  }
  if (code === 408 || code === 429 || code >= 500) return { kind: 'retry', offline: false, message }
  return { kind: 'rejected', message }
}

const BACKOFF_BASE_MS = 1000
export const BACKOFF_CAP_MS = 5 * 60 * 1000

/** Full jitter: uniform in [0, min(cap, base·2^step)]. */
export function backoffDelay(step: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(step, 30))
  return Math.floor(random() * ceiling)
}
