// The replay's batch call end to end in one process: queued rows go through the app's own replay
// code to the real server over HTTP, on SQLite and PostgreSQL, a batch of rows per request; each
// row meets its own answer (applied once, refused, stale), exactly as when sent alone.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { config } from '@/config'
import '@/test/i18n'
import { withNodeUint8Array } from '@/test/in-process-server'
import { sessionStore } from '@/api/session'
import { SYNC_BATCH_API } from '@/domain/sync-batch'
import { loginAs } from '../../tests/support/login'
import { forEachDatabase, startTestServer, type TestServer } from '../../tests/support/test-server'
import { db } from './db'
import { enqueue } from './outbox'
import { SEND_BATCH } from './replay'
import { forgetBatchSupport } from './replay-io'
import { syncNow } from './sync-engine'
import { resetOfflineDb } from './test-utils'

const param = { entity: 'param', api: '/blade-system/param' }

withNodeUint8Array()

forEachDatabase('replay in batch calls on the real server', (dialect) => {
  let s: TestServer
  let requests: string[]
  beforeAll(async () => {
    s = await startTestServer(dialect)
    const session = await loginAs(s.baseUrl, 'admin', 'admin')
    config.apiBase = s.baseUrl
    config.syncBatch = true
    forgetBatchSupport()
    localStorage.clear()
    sessionStore.login(session)
  })
  afterAll(async () => {
    config.apiBase = ''
    config.syncBatch = false
    sessionStore.logout()
    await s?.close()
  })
  beforeEach(async () => {
    await resetOfflineDb()
    requests = []
    const fetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      requests.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
      return fetch(input, init)
    })
  })
  afterEach(() => vi.restoreAllMocks())

  const stored = (prefix: string) =>
    s.db
      .selectFrom('bladeParam')
      .selectAll()
      .where('paramKey', 'like', `${prefix}%`)
      .where('isDeleted', '=', 0)
      .execute()

  it('sends 70 queued creates in a few batch calls, each applied once; a refused row is kept with its own message', async () => {
    for (let i = 0; i < 70; i++)
      await enqueue({
        ...param,
        op: 'submit',
        payload: {
          paramName: `批量${i}`,
          paramKey: `bs.${String(i).padStart(2, '0')}`,
          paramValue: String(i),
        },
      })
    const refused = await enqueue({
      ...param,
      op: 'submit',
      payload: { paramName: '缺少键名', paramValue: 'x' },
    })
    await syncNow()
    const rows = await stored('bs.')
    expect(rows).toHaveLength(70)
    expect(new Set(rows.map((r) => r.paramKey)).size).toBe(70)
    expect(await db.outbox.toArray()).toMatchObject([
      { key: refused.key, state: 'rejected', lastError: expect.stringMatching(/参数键名/) },
    ])
    const batches = requests.filter((p) => p === `/api${SYNC_BATCH_API}`).length
    expect(requests.filter((p) => p.endsWith('/param/submit'))).toEqual([])
    expect(batches).toBeGreaterThanOrEqual(Math.ceil(71 / SEND_BATCH))
    expect(batches).toBeLessThanOrEqual(8)
  })

  it('keeps the order of one record across batches: create, then two edits, end as the last edit', async () => {
    const made = await enqueue({
      ...param,
      op: 'submit',
      payload: { paramName: '顺序', paramKey: 'bo.order', paramValue: '1' },
    })
    await enqueue({
      ...param,
      op: 'submit',
      clientId: made.clientId,
      baseVersion: null,
      payload: { paramName: '顺序', paramKey: 'bo.order', paramValue: '2' },
    })
    await enqueue({
      ...param,
      op: 'submit',
      clientId: made.clientId,
      baseVersion: null,
      payload: { paramName: '顺序', paramKey: 'bo.order', paramValue: '3' },
    })
    for (let i = 0; i < 5; i++)
      await enqueue({
        ...param,
        op: 'submit',
        payload: { paramName: `旁${i}`, paramKey: `bo.side${i}`, paramValue: '1' },
      })
    await syncNow()
    expect(await db.outbox.count()).toBe(0)
    expect(await stored('bo.order')).toMatchObject([
      { id: made.clientId, paramValue: '3', version: 3 },
    ])
    expect(await stored('bo.side')).toHaveLength(5)
  })
})
