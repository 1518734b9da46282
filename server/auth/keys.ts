// Server secrets, created on first start and kept in the database so that every process and
// restart share them: the RSA key pair for password transport (jsencrypt, PKCS#1 v1.5), the SM2
// key pair of Saber clients (unless the configuration names one) and the HMAC key that signs JWTs.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { generateSm2KeyPair, sm2KeyPair } from './sm2.ts'
import type { Sm2KeyPair } from '../core/config.ts'

export interface ServerKeys {
  /** PEM, PKCS#8. */
  rsaPrivateKey: string
  /** base64 SubjectPublicKeyInfo (DER), what jsencrypt's setPublicKey accepts. */
  rsaPublicKey: string
  jwtSecret: Uint8Array
  /** Hex: what Saber's website.js `auth.publicKey` holds, and its private key. */
  sm2: Sm2KeyPair
}

// The keys, in the context the process opens.
declare module '../core/routes.ts' {
  interface AppBase {
    keys: ServerKeys
  }
}

async function getOrCreate(db: Kysely<DB>, name: string, make: () => string): Promise<string> {
  const row = await db
    .selectFrom('bladeServerKey')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst()
  if (row) return row.value
  const value = make()
  // Another process may have won the race: insert if absent, then read back the stored value.
  await db
    .insertInto('bladeServerKey')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const stored = await db
    .selectFrom('bladeServerKey')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return stored.value
}

/** `sm2`: the configured pair (SM2_PRIVATE_KEY), used instead of the stored one. */
export async function loadServerKeys(
  db: Kysely<DB>,
  opts: { sm2?: Sm2KeyPair | null } = {},
): Promise<ServerKeys> {
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
  const sm2 = opts.sm2 ?? (await storedSm2(db))
  return {
    rsaPrivateKey: privateKey,
    rsaPublicKey: publicKey,
    jwtSecret: Buffer.from(secret, 'base64'),
    sm2,
  }
}

async function storedSm2(db: Kysely<DB>): Promise<Sm2KeyPair> {
  const stored = JSON.parse(
    await getOrCreate(db, 'sm2', () => JSON.stringify(generateSm2KeyPair())),
  ) as Sm2KeyPair
  // Checked like a configured pair, so a damaged row stops the start instead of every Saber login.
  return sm2KeyPair(stored.privateKey, stored.publicKey)
}
