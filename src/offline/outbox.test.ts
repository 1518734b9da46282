// Outbox rows and the user's actions on them (docs/offline.md R1–R4, R11, R20, R21), against the msw Blade engine.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import { setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { db, DB_NAME, OfflineDb, withDb } from './db'
import {
  discard,
  editRow,
  enqueue,
  hasSendingRows,
  keepMine,
  OutboxOwnerError,
  OutboxQuotaError,
  PAYLOAD_SCHEMA_VERSION,
  retry,
  takeTheirs,
} from './outbox'
import { onSynced, syncNow } from './sync-engine'
import { answers, fakeBlade, resetOfflineDb, signIn, target } from './test-utils'

const blade = fakeBlade()
setupMsw(...blade.handlers)
captureToasts()

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  blade.state.records.clear()
  blade.state.keys.clear()
  blade.state.log.length = 0
  blade.state.faults.length = 0
  blade.state.effects = 0
  await resetOfflineDb()
  signIn()
})

const only = async () => {
  const all = await db.outbox.toArray()
  expect(all).toHaveLength(1)
  return all[0]!
}

describe('enqueue', () => {
  it('stores every R4 field, stamped with user and tenant, with a 64-bit-safe client id', async () => {
    const row = await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 2 } })
    expect(await only()).toEqual({
      key: row.key,
      seq: 1,
      entity: 'stock',
      api: '/blade-test/stock',
      clientId: row.clientId,
      op: 'submit',
      payload: { qty: 2 },
      payloadSchemaVersion: PAYLOAD_SCHEMA_VERSION,
      baseVersion: null,
      dependsOn: [],
      createdAt: expect.any(Number),
      attempts: 0,
      backoffStep: 0,
      nextAttemptAt: 0,
      lastError: null,
      state: 'pending',
      userId: '1',
      tenantId: '000000',
    })
    expect(row.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(row.clientId).toMatch(/^\d{19}$/)
    expect(BigInt(row.clientId) < 2n ** 63n && BigInt(row.clientId) >= 2n ** 62n).toBe(true)
  })

  it('needs a signed-in user, and an update needs the record id', async () => {
    sessionStore.logout()
    await expect(enqueue({ ...target('stock'), op: 'submit' })).rejects.toBeInstanceOf(
      OutboxOwnerError,
    )
    signIn()
    await expect(enqueue({ ...target('stock'), op: 'update' })).rejects.toThrow(/record id/)
    expect(await db.outbox.count()).toBe(0)
  })

  it('out of space: evicts the query cache first, retries once and keeps the outbox', async () => {
    await db.queryCache.bulkPut([{ scope: 's', hash: 'q1', value: { a: 1 }, size: 10, usedAt: 1 }])
    const earlier = await enqueue({ ...target('stock'), op: 'submit' })
    const add = vi
      .spyOn(db.outbox, 'add')
      .mockRejectedValueOnce(new DOMException('full', 'QuotaExceededError'))
    await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 9 } })
    expect(add).toHaveBeenCalledTimes(2)
    expect(await db.queryCache.count()).toBe(0)
    expect((await db.outbox.orderBy('seq').toArray()).map((r) => r.key)[0]).toBe(earlier.key)
    expect(await db.outbox.count()).toBe(2)
    add.mockRestore()
  })

  it('still out of space after the eviction: a typed error with a message, nothing written', async () => {
    const add = vi
      .spyOn(db.outbox, 'add')
      .mockRejectedValue(new DOMException('full', 'QuotaExceededError'))
    const err = await enqueue({ ...target('stock'), op: 'submit' }).catch((e: unknown) => e)
    add.mockRestore()
    expect(err).toBeInstanceOf(OutboxQuotaError)
    expect((err as Error).message).toBe('设备存储空间不足，本次修改未保存。请清理空间后重试')
    expect(await db.outbox.count()).toBe(0)
  })

  it('a closed database is reopened and the write retried once (R21)', async () => {
    db.close({ disableAutoOpen: true })
    await enqueue({ ...target('stock'), op: 'submit' })
    expect(db.isOpen()).toBe(true)
    expect(await db.outbox.count()).toBe(1)
  })

  it('a second failure after the reopen is surfaced', async () => {
    const closed = Object.assign(new Error('closed'), { name: 'DatabaseClosedError' })
    const work = vi.fn().mockRejectedValue(closed)
    await expect(withDb(work)).rejects.toBe(closed)
    expect(work).toHaveBeenCalledTimes(2)
  })
})

describe('rows stay until confirmed or discarded (R2)', () => {
  it('survive a reopened database and a schema upgrade', async () => {
    const row = await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 1 } })
    db.close()
    const again = new OfflineDb()
    expect(await again.outbox.get(row.key)).toMatchObject({ payload: { qty: 1 }, state: 'pending' })
    again.close()
    class Upgraded extends OfflineDb {
      constructor() {
        super(DB_NAME)
        this.version(2).stores({
          outbox: 'key, &seq, state, createdAt, [userId+tenantId], [entity+clientId]',
        })
      }
    }
    const upgraded = new Upgraded()
    expect(await upgraded.outbox.where('createdAt').above(0).toArray()).toMatchObject([
      { key: row.key },
    ])
    upgraded.close()
    await db.open().catch(() => {})
  })

  it('survive 50 failed attempts and a week with the app closed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      blade.state.faults.push(() => answers.unavailable())
      const row = await enqueue({ ...target('stock'), op: 'submit' })
      for (let i = 0; i < 50; i++) {
        await syncNow()
        vi.setSystemTime(Date.now() + 10 * 60_000)
      }
      vi.setSystemTime(Date.now() + 9 * 24 * 3600_000)
      await syncNow()
      expect(await only()).toMatchObject({ key: row.key, attempts: 51, state: 'pending' })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('actions', () => {
  async function conflicted() {
    blade.state.records.set(blade.at('kol', '42'), { id: '42', note: 'theirs', version: 5 })
    await enqueue({
      ...target('kol'),
      op: 'update',
      clientId: '42',
      payload: { note: 'mine' },
      baseVersion: 4,
    })
    await syncNow()
    return only()
  }

  it('keep mine resends on the server version', async () => {
    const row = await conflicted()
    expect(row).toMatchObject({ state: 'conflict', serverRecord: { note: 'theirs', version: 5 } })
    const key = await keepMine(row.key)
    expect(await only()).toMatchObject({ key, seq: row.seq, state: 'pending', baseVersion: 5 })
    await syncNow()
    expect(blade.state.records.get(blade.at('kol', '42'))).toMatchObject({
      note: 'mine',
      version: 6,
    })
    expect(await db.outbox.count()).toBe(0)
  })

  it('take theirs drops my change and tells the views to refetch', async () => {
    const row = await conflicted()
    const seen = vi.fn()
    const off = onSynced(seen)
    await takeTheirs(row.key)
    off()
    expect(await db.outbox.count()).toBe(0)
    // With the server's record: the views show theirs until they have refetched (settling.ts).
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({ key: row.key, entity: 'kol' }),
      expect.objectContaining({ note: 'theirs', version: 5 }),
    )
    expect(blade.state.records.get(blade.at('kol', '42'))).toMatchObject({
      note: 'theirs',
      version: 5,
    })
  })

  it('discard removes the row and nothing is sent', async () => {
    const row = await enqueue({ ...target('stock'), op: 'submit' })
    await discard(row.key)
    await syncNow()
    expect(blade.state.log).toEqual([])
    expect(await db.outbox.count()).toBe(0)
  })

  it('retry sends a rejected row again; edit sends the corrected payload under a new key', async () => {
    let reject = 2
    blade.state.faults.push(() => (reject-- > 0 ? answers.business('名称不能为空') : undefined))
    const row = await enqueue({ ...target('tag'), op: 'submit', payload: { name: '' } })
    await syncNow()
    expect(await only()).toMatchObject({ state: 'rejected' })
    await retry(row.key)
    expect(await only()).toMatchObject({ state: 'pending', lastError: null })
    await syncNow()
    expect(await only()).toMatchObject({ state: 'rejected', attempts: 2 })
    const key = await editRow(row.key, { name: '新名称' })
    expect(key).not.toBe(row.key)
    await syncNow()
    expect(await db.outbox.count()).toBe(0)
    expect(blade.state.log.map((s) => [s.key, s.body.name])).toEqual([
      [row.key, ''],
      [row.key, ''],
      [key, '新名称'],
    ])
  })

  it('a row left in sending (tab closed mid-send) is resent, and hasSendingRows sees it meanwhile', async () => {
    const row = await enqueue({ ...target('stock'), op: 'submit' })
    expect(await hasSendingRows()).toBe(false)
    await db.outbox.update(row.key, { state: 'sending' })
    expect(await hasSendingRows()).toBe(true)
    await syncNow()
    expect(await hasSendingRows()).toBe(false)
    expect(await db.outbox.count()).toBe(0)
    expect(blade.state.effects).toBe(1)
  })
})
