// Payload schema versions of queued writes (docs/offline.md R4). An outbox row keeps the version of the
// build that wrote it; a replay sends it as the X-Payload-Version header (our compatible extension
// of the Blade contract: a real SpringBlade ignores it, and a request without it means "current").
// The server accepts the current and the previous version, upgrading a previous one with the same
// upgraders the app uses on the device for rows older than that.
//
// One global number, not one per entity: the number names the payload format of a client build,
// so the row, the header and the server's window all speak of builds ("a row written by build N
// replays on build N+1"). A step that changes one entity leaves the others unchanged (no upgrader
// = identity), so a global bump costs the other entities nothing, and the server needs no table
// of per-entity windows. Isomorphic: the server and the app run the same upgraders.
import type { MessageDescriptor } from '@lingui/core'
import { messages } from './messages.ts'

export const PAYLOAD_VERSION_HEADER = 'X-Payload-Version'

export type Payload = Record<string, unknown>

/**
 * Upgrades one entity's payload by one version. Pure. It gets the record's fields as written,
 * possibly partial (an update carries only what changed) and, on the server, with `id` and
 * `version`: it must keep the fields it does not know and return a new object.
 */
type PayloadUpgrader = (payload: Payload) => Payload

export interface PayloadSchema {
  /** The version this build writes. */
  current: number
  /** steps[n][entity] upgrades that entity's payload from n-1 to n; an entity without one is unchanged. */
  steps: Readonly<Record<number, Readonly<Record<string, PayloadUpgrader>>>>
}

/**
 * What this build ships. When a payload shape changes: raise `current` and add
 * `steps[current] = { <entity name>: (p) => ... }` for each entity whose shape changed.
 */
export const SHIPPED_PAYLOAD_SCHEMA: PayloadSchema = { current: 1, steps: {} }

let active: PayloadSchema = SHIPPED_PAYLOAD_SCHEMA

export const payloadSchema = (): PayloadSchema => active

/** Tests only: run as another build would (an injected upgrader making N+1 current); null restores the shipped one. */
export function setPayloadSchema(schema: PayloadSchema | null): void {
  active = schema ?? SHIPPED_PAYLOAD_SCHEMA
}

/** The oldest version the server accepts: the previous one (never below 1). */
export const oldestAccepted = (schema: PayloadSchema = active): number =>
  Math.max(1, schema.current - 1)

export type RefusalReason = 'tooOld' | 'tooNew' | 'invalid'
export type VersionVerdict = { ok: true; version: number } | { ok: false; reason: RefusalReason }

/** Reads a header value: absent → current; the current or the previous version → ok; anything else is refused. */
export function judgePayloadVersion(
  raw: string | undefined | null,
  schema: PayloadSchema = active,
): VersionVerdict {
  if (raw === undefined || raw === null || raw.trim() === '')
    return { ok: true, version: schema.current }
  if (!/^\d{1,9}$/.test(raw.trim())) return { ok: false, reason: 'invalid' }
  const version = Number(raw.trim())
  if (version < 1) return { ok: false, reason: 'invalid' }
  if (version > schema.current) return { ok: false, reason: 'tooNew' }
  if (version < oldestAccepted(schema)) return { ok: false, reason: 'tooOld' }
  return { ok: true, version }
}

/** Runs the steps from `from` up to `to` (default: current) on one entity's payload. Throws on an impossible range. */
export function upgradePayload(
  entity: string,
  payload: Payload,
  from: number,
  upTo?: number,
  schema: PayloadSchema = active,
): Payload {
  const to = upTo ?? schema.current
  if (
    !Number.isInteger(from) ||
    from < 1 ||
    !Number.isInteger(to) ||
    to > schema.current ||
    from > to
  ) {
    throw new RangeError(`payload of ${entity}: cannot upgrade from version ${from} to ${to}`)
  }
  let out: Payload = { ...payload }
  for (let v = from + 1; v <= to; v++) {
    const step = schema.steps[v]?.[entity]
    if (step) out = step(out)
  }
  return out
}

/** The shared text of a refused version; the server answers it, the app shows the same message in the user's language. */
export function payloadVersionMessage(reason: 'tooOld' | 'tooNew'): MessageDescriptor {
  return (reason === 'tooOld' ? messages.payloadTooOld() : messages.payloadTooNew()).descriptor
}

/** The `data` of the server's 400 answer to a refused version, so the app can tell it from other 400s. */
export interface RefusedVersion {
  payloadVersion: { reason: RefusalReason; current: number; oldest: number }
}

export function refusedVersionData(
  reason: RefusalReason,
  schema: PayloadSchema = active,
): RefusedVersion {
  return { payloadVersion: { reason, current: schema.current, oldest: oldestAccepted(schema) } }
}

/** The reason of a refused-version answer (the envelope's data), or null for any other answer. */
export function refusedVersionReason(data: unknown): 'tooOld' | 'tooNew' | null {
  const reason = (data as Partial<RefusedVersion> | null | undefined)?.payloadVersion?.reason
  return reason === 'tooOld' || reason === 'tooNew' ? reason : null
}
