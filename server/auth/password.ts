// Stored passwords: scrypt with a random salt ('scrypt$N$r$p$salt$hash'). A legacy Blade hash
// (lowercase hex SHA-1 of the MD5 hex, docs/contract.md §5.4) still verifies and is upgraded on login.
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * The scrypt cost of new hashes: PASSWORD_SCRYPT_N (a power of two from 1024 to 1048576), else 16384.
 * A stored hash carries its own cost, so hashes made under another setting keep verifying. The test
 * runner lowers it: its test servers log in thousands of times, and no test measures the cost.
 */
const N = scryptCost(process.env.PASSWORD_SCRYPT_N)

function scryptCost(env: string | undefined): number {
  if (env === undefined || env === '') return 16384
  const n = Number(env)
  if (!Number.isInteger(n) || n < 1024 || n > 1048576 || (n & (n - 1)) !== 0)
    throw new Error(`PASSWORD_SCRYPT_N must be a power of two from 1024 to 1048576, not ${env}`)
  return n
}
const R = 8
const P = 1
const KEYLEN = 32

function scryptAsync(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, N, R, P)
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`
}

export function legacyBladeHash(password: string): string {
  const md5 = createHash('md5').update(password).digest('hex')
  return createHash('sha1').update(md5).digest('hex')
}

export function isLegacyHash(stored: string): boolean {
  return /^[0-9a-f]{40}$/.test(stored)
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (isLegacyHash(stored)) {
    const a = Buffer.from(legacyBladeHash(password))
    return timingSafeEqual(a, Buffer.from(stored))
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await scryptAsync(
    password,
    Buffer.from(salt, 'base64'),
    Number(n),
    Number(r),
    Number(p),
  )
  return key.length === expected.length && timingSafeEqual(key, expected)
}
