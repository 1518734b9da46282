// A throw-away RSA key pair for tests of the password transport (jsencrypt, PKCS#1 v1.5).
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto'

const pair = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'der' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})

/** base64 SubjectPublicKeyInfo, as the server publishes it. */
export const testPublicKey = pair.publicKey.toString('base64')

export const testDecrypt = (b64: string): string =>
  privateDecrypt(
    { key: pair.privateKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(b64, 'base64'),
  ).toString()
