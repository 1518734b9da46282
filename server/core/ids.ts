// Snowflake-style 64-bit ids (41 bits of ms since 2020, 10 bits worker, 12 bits sequence), sent and
// stored as decimal strings so JavaScript never rounds them.
import { randomInt } from 'node:crypto'

const EPOCH = 1577836800000n
let lastMs = 0n
let seq = 0n
/**
 * The worker bits: WORKER_ID (0–1023) when processes are numbered, else random. Not the pid:
 * processes in containers often all run as pid 1, and two of them would make the same ids.
 */
const worker = BigInt(workerId(process.env.WORKER_ID))

function workerId(env: string | undefined): number {
  if (env === undefined || env === '') return randomInt(1024)
  const n = Number(env)
  if (!Number.isInteger(n) || n < 0 || n > 1023)
    throw new Error(`WORKER_ID must be a whole number from 0 to 1023, not ${env}`)
  return n
}

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

const ID_PATTERN = /^\d{1,19}$/

export function isId(v: unknown): v is string {
  return typeof v === 'string' && ID_PATTERN.test(v)
}
