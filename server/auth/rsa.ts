// Password transport (docs/contract.md §5.3): the app encrypts with jsencrypt (RSA, PKCS#1 v1.5,
// base64) using keys.rsaPublicKey; the server decrypts here. Node 24 answers undecryptable input
// with random bytes (implicit rejection) instead of throwing, so callers must treat the result as
// untrusted text: here it must at least be valid UTF-8 without control characters.
import { constants, privateDecrypt } from 'node:crypto'

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The plain text, or null when the value is not a ciphertext made with our public key. */
export function decryptRsa(privateKey: string, b64: string): string | null {
  const value = b64.replace(/ /g, '+').trim()
  if (!value || value.length > 2048 || !BASE64.test(value)) return null
  try {
    const plain = utf8.decode(
      privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(value, 'base64'),
      ),
    )
    // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
    return plain && !/[\u0000-\u001f\u007f]/.test(plain) ? plain : null
  } catch {
    return null
  }
}

const PHONE = /^\+?[0-9][0-9 -]{2,30}$/

/** A phone number sent either plain or RSA-encrypted; null when it is neither. */
export function readPhone(privateKey: string, value: string): string | null {
  const v = value.trim()
  if (PHONE.test(v)) return v.replace(/[ -]/g, '')
  const plain = decryptRsa(privateKey, v)
  return plain && PHONE.test(plain.trim()) ? plain.trim().replace(/[ -]/g, '') : null
}
