// SM2 password transport: what Saber's sm-crypto call makes is read back, with or without the '04'
// prefix; anything else is null. Key pairs from configuration are checked before the server starts.
import smCrypto from 'sm-crypto'
import { describe, expect, it } from 'vitest'
import { readConfig } from '../config.ts'
import { decryptSm2, generateSm2KeyPair, sm2KeyPair } from './sm2.ts'

const { sm2 } = smCrypto
// The pair SpringBlade's Sm2KeyGenerator printed for Saber's website.js (a public, published key).
const SABER_PUBLIC =
  '048ecaec81db406275b5fd8a18164c4a58cc8575159b89d3cb61871cab34bd267fe0a7543277d4c9cfd13c946c507c3e8dfe0121b845ba968221eaf64a242cf7f0'
const pair = generateSm2KeyPair()
const other = generateSm2KeyPair()

describe('decryptSm2', () => {
  it('reads what Saber sends: sm-crypto doEncrypt(text, publicKey, 0), hex without the 04 prefix', () => {
    const cipher = sm2.doEncrypt('admin-密码 1', pair.publicKey, 0)
    expect(cipher).toMatch(/^[0-9a-f]+$/)
    // C1 (128 hex, no prefix) + C2 (one byte per byte of text) + C3 (64 hex).
    expect(cipher).toHaveLength(128 + Buffer.byteLength('admin-密码 1') * 2 + 64)
    expect(decryptSm2(pair.privateKey, cipher)).toBe('admin-密码 1')
  })

  it('reads the prefixed and the upper-case forms other SM2 tools make', () => {
    const cipher = sm2.doEncrypt('admin', pair.publicKey, 0)
    expect(decryptSm2(pair.privateKey, `04${cipher}`)).toBe('admin')
    expect(decryptSm2(pair.privateKey, cipher.toUpperCase())).toBe('admin')
    expect(decryptSm2(pair.privateKey, ` ${cipher}\n`)).toBe('admin')
  })

  it('answers null to another key, the other cipher mode, tampering and garbage', () => {
    const cipher = sm2.doEncrypt('admin', pair.publicKey, 0)
    expect(decryptSm2(other.privateKey, cipher)).toBeNull()
    expect(decryptSm2(pair.privateKey, sm2.doEncrypt('admin', pair.publicKey, 1))).toBeNull()
    const flipped = cipher.slice(0, 130) + (cipher[130] === '0' ? '1' : '0') + cipher.slice(131)
    expect(decryptSm2(pair.privateKey, flipped)).toBeNull()
    for (const junk of [
      '',
      'admin',
      'zz'.repeat(120),
      'ab'.repeat(96),
      'ab'.repeat(2000),
      `${cipher}0`,
      'ff'.repeat(200),
    ]) {
      expect(decryptSm2(pair.privateKey, junk), junk.slice(0, 20)).toBeNull()
    }
  })

  it('refuses control characters in the plain text, as the RSA path does', () => {
    expect(decryptSm2(pair.privateKey, sm2.doEncrypt('ad\u0000min', pair.publicKey, 0))).toBeNull()
  })
})

describe('sm2KeyPair', () => {
  it('derives the public key of a private key and accepts it given with or without 04', () => {
    expect(sm2KeyPair(pair.privateKey)).toEqual(pair)
    expect(sm2KeyPair(pair.privateKey.toUpperCase(), pair.publicKey.slice(2))).toEqual(pair)
    expect(sm2KeyPair(` ${pair.privateKey} `, ` ${pair.publicKey.toUpperCase()} `)).toEqual(pair)
  })

  it('reads private keys as SpringBlade writes them (Java BigInteger bytes): without leading zeros, or with a sign byte', () => {
    const small = sm2KeyPair('1b')
    expect(small.privateKey).toBe('1b'.padStart(64, '0'))
    expect(small.publicKey).toBe(sm2.getPublicKeyFromPrivateKey(small.privateKey))
    const high = `e${pair.privateKey.slice(1)}`
    expect(sm2KeyPair(`00${high}`)).toEqual(sm2KeyPair(high))
    expect(sm2KeyPair(`00${high}`).privateKey).toBe(high)
  })

  it('says what is wrong with a bad pair', () => {
    expect(() => sm2KeyPair('xyz')).toThrow('must be 64 hex digits')
    expect(() => sm2KeyPair('1'.repeat(65))).toThrow('must be 64 hex digits')
    expect(() => sm2KeyPair('0')).toThrow('out of range')
    expect(() => sm2KeyPair('f'.repeat(64))).toThrow('out of range')
    expect(() => sm2KeyPair(pair.privateKey, other.publicKey)).toThrow(
      'does not belong to the SM2 private key',
    )
    expect(() => sm2KeyPair(pair.privateKey, SABER_PUBLIC)).toThrow('does not belong')
    expect(() => sm2KeyPair(pair.privateKey, `04${'00'.repeat(64)}`)).toThrow(
      'not a point of the sm2p256v1 curve',
    )
    expect(() => sm2KeyPair(pair.privateKey, 'hello')).toThrow('not a point')
  })
})

describe('SM2 keys from the environment', () => {
  it('is off unless SM2_PRIVATE_KEY is set, and reads the pair when it is', () => {
    expect(readConfig({}).sm2Keys).toBeNull()
    expect(readConfig({ SM2_PRIVATE_KEY: '', SM2_PUBLIC_KEY: '' }).sm2Keys).toBeNull()
    expect(readConfig({ SM2_PRIVATE_KEY: pair.privateKey }).sm2Keys).toEqual(pair)
    expect(
      readConfig({ SM2_PRIVATE_KEY: pair.privateKey, SM2_PUBLIC_KEY: pair.publicKey }).sm2Keys,
    ).toEqual(pair)
  })

  it('refuses to start with a bad or mismatched value, naming the variables', () => {
    expect(() => readConfig({ SM2_PRIVATE_KEY: 'not-hex' })).toThrow(
      'SM2_PRIVATE_KEY / SM2_PUBLIC_KEY: the SM2 private key must be 64 hex digits',
    )
    expect(() =>
      readConfig({ SM2_PRIVATE_KEY: pair.privateKey, SM2_PUBLIC_KEY: other.publicKey }),
    ).toThrow('SM2_PRIVATE_KEY / SM2_PUBLIC_KEY: the SM2 public key does not belong')
    expect(() => readConfig({ SM2_PUBLIC_KEY: pair.publicKey })).toThrow(
      'SM2_PUBLIC_KEY is set without SM2_PRIVATE_KEY',
    )
  })
})
