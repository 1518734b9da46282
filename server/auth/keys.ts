// Server secrets, created on first start and kept in the database so that every process and
// restart share them: the RSA key pair for password transport (jsencrypt, PKCS#1 v1.5) and the
// HMAC key that signs JWTs.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

export interface ServerKeys {
  /** PEM, PKCS#8. */
  rsaPrivateKey: string
  /** base64 SubjectPublicKeyInfo (DER), what jsencrypt's setPublicKey accepts. */
  rsaPublicKey: string
  jwtSecret: Uint8Array
}

async function getOrCreate(db: Kysely<DB>, name: string, make: () => string): Promise<string> {
  const row = await db.selectFrom('bladeServerKey').select('value').where('name', '=', name).executeTakeFirst()
  if (row) return row.value
  const value = make()
  // Another process may have won the race: insert if absent, then read back the stored value.
  await db.insertInto('bladeServerKey').values({ name, value }).onConflict((oc) => oc.column('name').doNothing()).execute()
  const stored = await db.selectFrom('bladeServerKey').select('value').where('name', '=', name).executeTakeFirstOrThrow()
  return stored.value
}

export async function loadServerKeys(db: Kysely<DB>): Promise<ServerKeys> {
  const pair = await getOrCreate(db, 'rsa', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    return JSON.stringify({ privateKey, publicKey: publicKey.toString('base64') })
  })
  const { privateKey, publicKey } = JSON.parse(pair) as { privateKey: string; publicKey: string }
  const secret = await getOrCreate(db, 'jwt', () => randomBytes(48).toString('base64'))
  return { rsaPrivateKey: privateKey, rsaPublicKey: publicKey, jwtSecret: Buffer.from(secret, 'base64') }
}
