// SM2 password transport of open-source SpringBlade/Saber (docs/contract.md §5.3): Saber encrypts with
// sm-crypto's doEncrypt(password, publicKey, 0), C1C2C3 in hex, C1 without the '04' point prefix
// (some tools add it; both are read). Keys are hex: private 64, public '04' + x + y.
import smCrypto from 'sm-crypto'
import type { Sm2KeyPair } from '../core/config.ts'

const { sm2 } = smCrypto
const C1C2C3 = 0

const HEX = /^[0-9a-f]+$/
// The curve order n of sm2p256v1: a private key is an integer in [1, n - 1].
const ORDER = BigInt('0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123')
// C1 (64 bytes) + C3 (32 bytes) + at most 300 bytes of password.
const MAX_CIPHER_HEX = (64 + 32 + 300) * 2

export function generateSm2KeyPair(): Sm2KeyPair {
  return sm2.generateKeyPairHex()
}

/**
 * The key pair of a private key (and the public key given with it, which must be its own), or an
 * Error saying what is wrong. Hex is read in either case; the public key may lack '04'. SpringBlade
 * writes the private key as Java's BigInteger bytes: a leading 00 when the top bit is set, and
 * leading zero bytes dropped.
 */
export function sm2KeyPair(privateHex: string, publicHex?: string): Sm2KeyPair {
  const privateKey = privateHex
    .trim()
    .toLowerCase()
    .replace(/^0+(?=.)/, '')
  if (!HEX.test(privateKey) || privateKey.length > 64)
    throw new Error('the SM2 private key must be 64 hex digits (or fewer, or 66 with a leading 00)')
  const d = BigInt(`0x${privateKey}`)
  if (d < 1n || d >= ORDER)
    throw new Error('the SM2 private key is out of range for the sm2p256v1 curve')
  const padded = privateKey.padStart(64, '0')
  const publicKey = sm2.getPublicKeyFromPrivateKey(padded)
  if (publicHex !== undefined && publicHex.trim() !== '') {
    let given = publicHex.trim().toLowerCase()
    if (given.length === 128) given = `04${given}`
    if (!HEX.test(given) || !sm2.verifyPublicKey(given))
      throw new Error(
        'the SM2 public key is not a point of the sm2p256v1 curve (expected 130 hex digits starting with 04)',
      )
    if (!sm2.comparePublicKeyHex(given, publicKey))
      throw new Error('the SM2 public key does not belong to the SM2 private key')
  }
  return { privateKey: padded, publicKey }
}

function tryDecrypt(privateKey: string, cipher: string): string | null {
  try {
    const plain = sm2.doDecrypt(cipher, privateKey, C1C2C3)
    // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
    return plain && !/[\u0000-\u001f\u007f]/.test(plain) && !plain.includes('\ufffd') ? plain : null
  } catch {
    return null
  }
}

/** The plain text, or null when the value is not a ciphertext made with our public key. */
export function decryptSm2(privateKey: string, hex: string): string | null {
  const value = hex.trim().toLowerCase()
  if (
    value.length <= 192 ||
    value.length > MAX_CIPHER_HEX + 2 ||
    value.length % 2 !== 0 ||
    !HEX.test(value)
  )
    return null
  // Without the prefix first (what Saber sends); a C1 whose x happens to start with 04 looks
  // prefixed, so the prefixed reading is a second try. C3 (a hash) tells a wrong reading apart.
  const plain = tryDecrypt(privateKey, value)
  if (plain !== null || !value.startsWith('04')) return plain
  return tryDecrypt(privateKey, value.slice(2))
}
