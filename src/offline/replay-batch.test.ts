// A replay pass writes the outbox a batch of rows per transaction, not a few
// transactions per row; and a crash between the sends and the write of their answers loses no row
// and applies none twice (the rows are resent under their idempotency keys and answered from the
// server's record).
import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import { setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { db, relaxedDb } from './db'
import { CLAIM_BATCH, replayPass } from './replay'
import { fakeBlade, queueLines, resetOfflineDb, signIn } from './test-utils'

const blade = fakeBlade()
setupMsw(...blade.handlers)
captureToasts()

const owner = { userId: '1', tenantId: '000000' }
/** Read-write transactions on the outbox, counted below Dexie on both connections. */
let writeTransactions = 0
/** Armed, the first marking of rows as 'sending' sets `crashed`: then every outbox write but such
 * marks fails, as if the page died once the batch was on the wire. */
let crashArmed = false
let crashed = false
const marksOnly = (req: DBCoreMutateRequest) =>
  req.type === 'put' &&
  !req.updates &&
  !req.changeSpec &&
  req.values.every((v: { state?: string }) => v.state === 'sending')

const probe: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'replay-batch-probe',
  create: (down) => ({
    ...down,
    transaction(stores, mode, options) {
      if (mode === 'readwrite' && stores.includes('outbox')) writeTransactions++
      return down.transaction(stores, mode, options)
    },
    table(name) {
      const table = down.table(name)
      if (name !== 'outbox') return table
      return {
        ...table,
        mutate: (req) => {
          if (crashArmed && marksOnly(req)) crashed = true
          return crashed && !marksOnly(req)
            ? Promise.reject(new Error('page closed'))
            : table.mutate(req)
        },
      }
    },
  }),
}

beforeAll(async () => {
  for (const conn of [db, relaxedDb]) {
    conn.close()
    conn.use(probe)
    await conn.open()
  }
})
afterAll(async () => {
  for (const conn of [db, relaxedDb]) {
    conn.close()
    conn.unuse({ stack: 'dbcore', name: 'replay-batch-probe' })
    await conn.open()
  }
})

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  Object.assign(blade.state, { effects: 0 })
  blade.state.log.length = 0
  blade.state.applied.length = 0
  blade.state.keys.clear()
  blade.state.records.clear()
  crashArmed = crashed = false
  await resetOfflineDb()
  signIn()
})

it('writes the outbox a batch of rows per transaction, however long the queue', async () => {
  const n = 96
  await queueLines(n)
  writeTransactions = 0
  const result = await replayPass(owner)
  expect(result.confirmed).toBe(n)
  expect(await db.outbox.count()).toBe(0)
  // One transaction per row (as before the batching) would be 2n = 192: the marks go CLAIM_BATCH rows
  // at a time and the answers at least as many at a time but for the last few.
  expect(writeTransactions).toBeLessThanOrEqual(2 * Math.ceil(n / CLAIM_BATCH) + 4)
})

it('a crash after the sends, before their answers were written, loses nothing and applies nothing twice', async () => {
  const keys = await queueLines(20)
  crashArmed = true
  await replayPass(owner).catch(() => {})
  // Every row reached the server once; on the device all are still queued, marked as on the wire.
  expect(blade.state.effects).toBe(20)
  expect((await db.outbox.toArray()).map((r) => r.state)).toEqual(keys.map(() => 'sending'))

  // The app starts again: the next pass sends them again under their keys.
  crashArmed = crashed = false
  const result = await replayPass(owner)
  expect(result.confirmed).toBe(20)
  expect(await db.outbox.count()).toBe(0)
  expect(blade.state.effects).toBe(20)
  expect(blade.state.applied.map((a) => a.key).sort()).toEqual([...keys].sort())
  expect(blade.state.log.map((l) => l.key).sort()).toEqual([...keys, ...keys].sort())
})
