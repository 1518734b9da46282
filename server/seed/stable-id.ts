// Deterministic 19-digit ids for seeded rows, derived from what the row is (kind + natural key),
// so re-seeding finds the same row and a new release can add rows anywhere in a list.
import { createHash } from 'node:crypto'

const SPACE = 10n ** 17n

export function stableId(kind: string, key: string): string {
  const digest = createHash('sha256').update(`${kind}:${key}`).digest()
  // '19' + 17 digits: inside int64, above the snowflake ids of nextId() (below 1.9e18 until ~2034).
  return `19${(digest.readBigUInt64BE(0) % SPACE).toString().padStart(17, '0')}`
}
