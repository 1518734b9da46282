// Stored passwords: a hash carries its own scrypt cost, so a hash made at the production cost still
// verifies when new hashes are made at another one (the test runner lowers it).
import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashPassword, legacyBladeHash, verifyPassword } from './password.ts'

const at = (n: number, password: string) => {
  const salt = Buffer.from('0123456789abcdef')
  const key = scryptSync(password, salt, 32, { N: n, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
  return `scrypt$${n}$8$1$${salt.toString('base64')}$${key.toString('base64')}`
}

describe('password hashes', () => {
  it('makes hashes at the configured cost that verify, and only for their password', async () => {
    const stored = await hashPassword('s3cret!')
    expect(stored.split('$').slice(0, 4)).toEqual([
      'scrypt',
      process.env.PASSWORD_SCRYPT_N || '16384',
      '8',
      '1',
    ])
    expect(await verifyPassword('s3cret!', stored)).toBe(true)
    expect(await verifyPassword('s3cret', stored)).toBe(false)
  })

  it('verifies hashes made at another cost, and SpringBlade hashes', async () => {
    expect(await verifyPassword('admin', at(16384, 'admin'))).toBe(true)
    expect(await verifyPassword('admin', at(1024, 'admin'))).toBe(true)
    expect(await verifyPassword('other', at(16384, 'admin'))).toBe(false)
    expect(await verifyPassword('admin', legacyBladeHash('admin'))).toBe(true)
    expect(await verifyPassword('admin', 'scrypt$16384$8$1$')).toBe(false)
  })
})
