// Client-made ids and idempotency keys (docs/offline.md R5, R6).

/**
 * A 64-bit-safe decimal id for a create made on the device. Random in [2^62, 2^63): 19 digits,
 * above every server snowflake id until about 2054 (41-bit ms since 2020 shifted by 22), and
 * 62 random bits make a clash between devices negligible.
 */
export function newClientId(): string {
  const words = crypto.getRandomValues(new Uint32Array(2))
  const high = BigInt(words[0]! & 0x3fffffff) | (1n << 30n)
  return ((high << 32n) | BigInt(words[1]!)).toString()
}

export const newIdempotencyKey = (): string => crypto.randomUUID()
