// Snowflake-style 64-bit ids (41 bits of ms since 2020, 10 bits worker, 12 bits sequence), sent and
// stored as decimal strings so JavaScript never rounds them.
const EPOCH = 1577836800000n
let lastMs = 0n
let seq = 0n
const worker = BigInt(process.pid % 1024)

export function nextId(): string {
  let now = BigInt(Date.now())
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n
    if (seq === 0n) while (now <= lastMs) now = BigInt(Date.now())
  } else {
    seq = 0n
  }
  if (now < lastMs) now = lastMs
  lastMs = now
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString()
}

export const ID_PATTERN = /^\d{1,19}$/

export function isId(v: unknown): v is string {
  return typeof v === 'string' && ID_PATTERN.test(v)
}
