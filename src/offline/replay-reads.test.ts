// docs/offline.md P3: a replay pass reads the outbox in O(n) — the pending rows once into a plan, then each sent
// row by its key — not all of the user's rows again for every row it sends.
import type { DBCore, Middleware } from 'dexie'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import { setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { db, relaxedDb } from './db'
import { enqueue } from './outbox'
import { replayPass } from './replay'
import { fakeBlade, resetOfflineDb, signIn, target } from './test-utils'

const blade = fakeBlade()
setupMsw(...blade.handlers)
captureToasts()

/** Outbox row values handed out by IndexedDB (query, get, getMany), counted below Dexie. */
let rowsRead = 0
const countReads: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'count-outbox-reads',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name)
      if (name !== 'outbox') return table
      return {
        ...table,
        query: async (req) => {
          const res = await table.query(req)
          if (req.values) rowsRead += res.result.length
          return res
        },
        get: async (req) => {
          const res: unknown = await table.get(req)
          if (res !== undefined) rowsRead++
          return res
        },
        getMany: async (req) => {
          const res = await table.getMany(req)
          rowsRead += res.filter((r) => r !== undefined).length
          return res
        },
      }
    },
  }),
}

// Both connections: the pass reads its plan through one and marks rows through the other.
beforeAll(async () => {
  // Middlewares take effect when the database opens.
  for (const conn of [db, relaxedDb]) {
    conn.close()
    conn.use(countReads)
    await conn.open()
  }
})
afterAll(async () => {
  for (const conn of [db, relaxedDb]) {
    conn.close()
    conn.unuse({ stack: 'dbcore', name: 'count-outbox-reads' })
    await conn.open()
  }
})

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  blade.state.log.length = 0
  await resetOfflineDb()
  signIn()
})

/** Rows read by one pass over `n` queued count lines (one lane each, as the stock count queues them). */
async function readsPerPass(n: number): Promise<number> {
  for (let i = 0; i < n; i++)
    await enqueue({ ...target('stockLine'), op: 'submit', payload: { qty: i } })
  rowsRead = 0
  const result = await replayPass({ userId: '1', tenantId: '000000' })
  expect(result.confirmed).toBe(n)
  expect(await db.outbox.count()).toBe(0)
  return rowsRead
}

describe('replay pass reads', () => {
  it('reads a bounded number of rows per sent row, however long the queue', async () => {
    const small = await readsPerPass(10)
    await resetOfflineDb()
    expect(small).toBeGreaterThanOrEqual(10)
    const large = await readsPerPass(60)
    // Re-reading the whole queue per sent row reads ~n²/2 rows (≈1 800 for 60); the plan reads
    // each row a few times: once into the plan, by key before and after it is sent.
    expect(large / 60).toBeLessThanOrEqual(small / 10 + 1)
    expect(large).toBeLessThanOrEqual(60 * 4)
  })
})
