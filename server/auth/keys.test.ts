// The SM2 pair is made once per database and shared by every process that opens it; a configured
// pair is used instead and leaves the stored one alone.
import smCrypto from 'sm-crypto'
import { afterEach, expect, it } from 'vitest'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../tests/support/scratch-database.ts'
import { forEachDatabase } from '../../tests/support/test-server.ts'
import { openCachedDatabase } from './database.ts'
import type { Database, Dialect } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { loadServerKeys } from './keys.ts'
import { decryptSm2, generateSm2KeyPair, sm2KeyPair } from './sm2.ts'

let open: { scratch: ScratchDatabase; database: Database } | undefined
afterEach(async () => {
  await open?.database.close()
  await open?.scratch.drop()
  open = undefined
})

async function freshDatabase(dialect: Dialect) {
  const scratch = await createScratchDatabase(dialect)
  const database = openCachedDatabase(scratch.url)
  open = { scratch, database }
  await migrate(database.db as never)
  return database.db
}

forEachDatabase('server keys: SM2', (dialect) => {
  it('makes one pair at the first start, which every later start and racing process reads', async () => {
    const db = await freshDatabase(dialect)
    const [a, b] = await Promise.all([loadServerKeys(db), loadServerKeys(db)])
    expect(a.sm2).toEqual(b.sm2)
    expect(a.sm2.publicKey).toMatch(/^04[0-9a-f]{128}$/)
    expect(sm2KeyPair(a.sm2.privateKey)).toEqual(a.sm2)
    expect((await loadServerKeys(db)).sm2).toEqual(a.sm2)
    const row = await db
      .selectFrom('bladeServerKey')
      .select('value')
      .where('name', '=', 'sm2')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(row.value)).toEqual(a.sm2)
    // What one process's public key encrypts, another process's private key reads.
    expect(decryptSm2(b.sm2.privateKey, smCrypto.sm2.doEncrypt('admin', a.sm2.publicKey, 0))).toBe(
      'admin',
    )
  })

  it('uses a configured pair instead, leaving the stored pair for a start without it', async () => {
    const db = await freshDatabase(dialect)
    const stored = (await loadServerKeys(db)).sm2
    const configured = generateSm2KeyPair()
    expect((await loadServerKeys(db, { sm2: configured })).sm2).toEqual(configured)
    expect((await loadServerKeys(db, { sm2: null })).sm2).toEqual(stored)
  })

  it('stops the start when the stored pair is damaged', async () => {
    const db = await freshDatabase(dialect)
    const { sm2 } = await loadServerKeys(db)
    await db
      .updateTable('bladeServerKey')
      .set({ value: JSON.stringify({ ...sm2, publicKey: generateSm2KeyPair().publicKey }) })
      .where('name', '=', 'sm2')
      .execute()
    await expect(loadServerKeys(db)).rejects.toThrow('does not belong to the SM2 private key')
  })
})
