// Which queued writes a finished request carried, read from the wire: a write sent alone carries its
// Idempotency-Key header; the replay's batch call carries the keys of its writes in its body.
import type { Request } from 'playwright-core'
import { SYNC_BATCH_API } from '../../src/domain/sync-batch.ts'

/** The Idempotency-Keys of the queued writes `r` carried (none for other requests). */
export function replayedKeys(r: Request): string[] {
  if (r.method() !== 'POST') return []
  const key = r.headers()['idempotency-key']
  if (key) return [key]
  if (!new URL(r.url()).pathname.endsWith(SYNC_BATCH_API)) return []
  const body = r.postDataJSON() as { requests?: { key?: unknown }[] } | null
  return (body?.requests ?? []).flatMap((w) => (typeof w.key === 'string' ? [w.key] : []))
}
