// The replay's fault cases (lost requests and answers, duplicates, 5xx, 401, conflicts) against an msw Blade engine with idempotency keys and versions.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import '@/test/i18n'
import { setNavigateToLogin } from '@/api/http'
import { sessionStore } from '@/api/session'
import { setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { db } from './db'
import { enqueue } from './outbox'
import { countRows, ownRows } from './outbox-hooks'
import { startSync, syncNow } from './sync-engine'
import { answers, fakeBlade, resetOfflineDb, signIn, target } from './test-utils'

const blade = fakeBlade()
setupMsw(...blade.handlers)
captureToasts()
const toLogin = vi.fn()

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  Object.assign(blade.state, {
    effects: 0,
    dropAfterCommit: 0,
    refreshWorks: true,
    refreshCalls: 0,
    offline: false,
  })
  blade.state.records.clear()
  blade.state.keys.clear()
  blade.state.log.length = 0
  blade.state.faults.length = 0
  blade.state.tokens = new Set(['tok-1'])
  toLogin.mockReset()
  setNavigateToLogin(toLogin)
  await resetOfflineDb()
  signIn()
})

const rows = () => db.outbox.orderBy('seq').toArray()

describe('replay', () => {
  it('resends the same key when the answer was lost after the server committed: one effect', async () => {
    blade.state.dropAfterCommit = 1
    const row = await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 3 } })
    await syncNow()
    expect(await rows()).toMatchObject([{ key: row.key, state: 'pending', attempts: 1 }])
    await syncNow()
    expect(await rows()).toEqual([])
    expect(blade.state.effects).toBe(1)
    expect(blade.state.log.map((s) => s.key)).toEqual([row.key, row.key])
    expect(blade.state.records.get(blade.at('stock', row.clientId))).toMatchObject({
      id: row.clientId,
      qty: 3,
      version: 1,
    })
  })

  it('rejects a row answered HTTP 200 with code 400, keeps it and shows the message', async () => {
    blade.state.faults.push(() => answers.business('数量不能为负'))
    await enqueue({ ...target('stock'), op: 'submit', payload: { qty: -1 } })
    await syncNow()
    expect(await rows()).toMatchObject([
      { state: 'rejected', lastError: '数量不能为负', attempts: 1 },
    ])
    expect(blade.state.effects).toBe(0)
  })

  it('sends one entity create → update → update in order, each on the version the previous made', async () => {
    const created = await enqueue({
      ...target('kol'),
      op: 'submit',
      payload: { name: 'A', note: 'x' },
    })
    await enqueue({
      ...target('kol'),
      op: 'update',
      clientId: created.clientId,
      payload: { note: 'first' },
    })
    await enqueue({
      ...target('kol'),
      op: 'update',
      clientId: created.clientId,
      payload: { note: 'last' },
    })
    await syncNow()
    expect(blade.state.log.map((s) => [s.op, s.body.note, s.body.version])).toEqual([
      ['submit', 'x', undefined],
      ['update', 'first', 1],
      ['update', 'last', 2],
    ])
    expect(blade.state.records.get(blade.at('kol', created.clientId))).toMatchObject({
      name: 'A',
      note: 'last',
      version: 3,
    })
    expect(await rows()).toEqual([])
  })

  it('a poison row on entity A blocks only A while 20 rows on entity B sync', async () => {
    blade.state.faults.push((c) => (c.entity === 'a' ? answers.business('坏数据') : undefined))
    const a = await enqueue({ ...target('a'), op: 'submit', payload: { n: 0 } })
    await enqueue({ ...target('a'), op: 'update', clientId: a.clientId, payload: { n: 1 } })
    const b = await enqueue({ ...target('b'), op: 'submit', payload: { n: 0 } })
    for (let n = 1; n < 20; n++)
      await enqueue({ ...target('b'), op: 'update', clientId: b.clientId, payload: { n } })
    await syncNow()
    expect(blade.state.log.filter((s) => s.entity === 'b').map((s) => s.body.n)).toEqual([
      ...Array(20).keys(),
    ])
    expect(blade.state.records.get(blade.at('b', b.clientId))).toMatchObject({ n: 19, version: 20 })
    expect((await rows()).map((r) => [r.entity, r.state])).toEqual([
      ['a', 'rejected'],
      ['a', 'pending'],
    ])
    expect(blade.state.log.filter((s) => s.entity === 'a')).toHaveLength(1)
  })

  it('runs different entities in parallel but a row waits for the create of a client id it references', async () => {
    blade.state.faults.push((c) =>
      c.entity === 'parent' && blade.state.log.filter((s) => s.entity === 'parent').length === 1
        ? answers.unavailable()
        : undefined,
    )
    const parent = await enqueue({ ...target('parent'), op: 'submit', payload: { name: 'p' } })
    await enqueue({
      ...target('child'),
      op: 'submit',
      payload: { parentId: parent.clientId },
      dependsOn: [parent.clientId],
    })
    await syncNow()
    expect(blade.state.log.map((s) => s.entity)).toEqual(['parent'])
    expect((await rows()).map((r) => r.state)).toEqual(['pending', 'pending'])
    await syncNow()
    expect(blade.state.log.map((s) => s.entity)).toEqual(['parent', 'parent', 'child'])
    expect(await rows()).toEqual([])
  })

  it('a row waits for any earlier row of a client id it references (an undo before the finish)', async () => {
    blade.state.faults.push((c) =>
      c.entity === 'line' && blade.state.log.filter((s) => s.entity === 'line').length === 1
        ? answers.unavailable()
        : undefined,
    )
    // A line on the server is undone, then its count (on the server too) is finished.
    blade.state.records.set(blade.at('count', '77'), { id: '77', version: 1 })
    await enqueue({ ...target('line'), op: 'remove', clientId: '501', payload: {} })
    const finish = await enqueue({
      ...target('count'),
      op: 'update',
      clientId: '77',
      payload: { countStatus: 1 },
      dependsOn: ['501'],
    })
    await syncNow()
    expect(blade.state.log.map((s) => s.entity)).toEqual(['line'])
    expect((await rows()).map((r) => r.key)).toContain(finish.key)
    await syncNow()
    expect(blade.state.log.map((s) => s.entity)).toEqual(['line', 'line', 'count'])
    expect(await rows()).toEqual([])
  })

  it('a stale version ends in conflict with the server record readable, nothing overwritten', async () => {
    blade.state.records.set(blade.at('kol', '42'), { id: '42', note: 'from phone', version: 3 })
    await enqueue({
      ...target('kol'),
      op: 'update',
      clientId: '42',
      payload: { note: 'from tablet' },
      baseVersion: 2,
    })
    await syncNow()
    expect(await rows()).toMatchObject([
      {
        state: 'conflict',
        payload: { note: 'from tablet' },
        serverRecord: { note: 'from phone', version: 3 },
      },
    ])
    expect(blade.state.records.get(blade.at('kol', '42'))).toMatchObject({
      note: 'from phone',
      version: 3,
    })
  })

  it('an update of a record deleted on the server is a conflict; removing a gone record succeeds', async () => {
    await enqueue({
      ...target('kol'),
      op: 'update',
      clientId: '7',
      payload: { note: 'x' },
      baseVersion: 1,
    })
    await enqueue({ ...target('tag'), op: 'remove', clientId: '8' })
    blade.state.faults.push((c) => (c.op === 'remove' ? HttpResponse404() : undefined))
    await syncNow()
    expect(await rows()).toMatchObject([{ entity: 'kol', state: 'conflict', serverRecord: null }])
  })

  it('retries 5xx with backoff and never turns a lost connection into an error', async () => {
    blade.state.offline = true
    await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 1 } })
    await syncNow()
    const [row] = await rows()
    expect(row).toMatchObject({ state: 'pending', attempts: 1, backoffStep: 1 })
    expect(row!.nextAttemptAt).toBeGreaterThanOrEqual(row!.createdAt)
    blade.state.offline = false
    blade.state.faults.push(() => answers.unavailable())
    await syncNow()
    expect(await rows()).toMatchObject([{ state: 'pending', attempts: 2, lastError: '服务不可用' }])
  })
})

describe('auth', () => {
  it('401 mid-replay: one refresh, then the rest goes on with the new token', async () => {
    // b, c and d reference a, so they go after it: a is let in, and its request revokes the token.
    const a = await enqueue({ ...target('a'), op: 'submit', payload: { e: 'a' } })
    for (const e of ['b', 'c', 'd'])
      await enqueue({ ...target(e), op: 'submit', payload: { e }, dependsOn: [a.clientId] })
    blade.state.faults.push((c) => {
      if (c.entity === 'a') blade.state.tokens.delete('tok-1')
      return undefined
    })
    await syncNow()
    expect(await rows()).toEqual([])
    expect(blade.state.refreshCalls).toBe(1)
    expect(blade.state.effects).toBe(4)
    expect(blade.state.log.at(-1)!.token).not.toBe('tok-1')
    expect(sessionStore.getState().accessToken).toBe(blade.state.log.at(-1)!.token)
  })

  it('401 and a failed refresh: the row waits in needs-auth, nothing is lost, and a new login resumes', async () => {
    await enqueue({ ...target('a'), op: 'submit', payload: { n: 1 } })
    await enqueue({ ...target('b'), op: 'submit', payload: { n: 2 } })
    blade.state.tokens.clear()
    blade.state.refreshWorks = false
    await syncNow()
    expect(toLogin).toHaveBeenCalled()
    expect((await db.outbox.toArray()).map((r) => r.state).sort()).toContain('needs-auth')
    expect(await db.outbox.count()).toBe(2)
    expect(blade.state.effects).toBe(0)
    const stop = startSync()
    try {
      blade.state.tokens.add('tok-again')
      signIn('1', '000000', 'tok-again')
      await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 60_000 })
      expect(blade.state.effects).toBe(2)
    } finally {
      stop()
    }
  })

  it('token expired while offline: back online the client refreshes once and sends', async () => {
    blade.state.offline = true
    const row = await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 5 } })
    await syncNow()
    blade.state.tokens.clear()
    blade.state.offline = false
    await syncNow()
    expect(await rows()).toEqual([])
    expect(blade.state.refreshCalls).toBe(1)
    // The offline try and the 401 never reached the engine; the one applied send carried the new token.
    expect(blade.state.log.map((s) => [s.key, s.token === 'tok-1'])).toEqual([[row.key, false]])
    expect(blade.state.effects).toBe(1)
  })

  it('after a user switch the other user’s rows are not sent; they stay for their owner', async () => {
    blade.state.offline = true
    await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 1 } })
    await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 2 } })
    blade.state.offline = false
    sessionStore.logout()
    blade.state.tokens.add('tok-u2')
    signIn('2', '000000', 'tok-u2')
    await syncNow()
    expect(blade.state.log.filter((s) => s.token === 'tok-u2')).toEqual([])
    expect(await ownRows()).toEqual([])
    expect(await countRows()).toMatchObject({ total: 0, quarantined: 2 })
    expect(await ownRows({ userId: '1', tenantId: '000000' })).toHaveLength(2)
    sessionStore.logout()
    signIn('1')
    await syncNow()
    expect(await db.outbox.count()).toBe(0)
    expect(blade.state.effects).toBe(2)
  })

  it('another tenant of the same user id is another owner', async () => {
    await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 1 } })
    sessionStore.logout()
    signIn('1', '123456')
    await syncNow()
    expect(blade.state.log).toEqual([])
    expect(await db.outbox.count()).toBe(1)
  })
})

function HttpResponse404(): Response {
  return Response.json(
    { code: 404, success: false, data: null, msg: '数据不存在或已被删除' },
    { status: 404 },
  )
}
