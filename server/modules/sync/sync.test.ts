// The offline replay's batch call over real HTTP, on SQLite and PostgreSQL: each write runs as the
// request it stands for (its access check, validation, Idempotency-Key, version check), in order,
// answering what it would have answered alone; a malformed batch is one 400 and runs nothing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SYNC_BATCH_MAX } from '../../../src/domain/sync-batch.ts'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

const BATCH = '/api/blade-sync/batch'
const PARAM = '/api/blade-system/param/submit'

forEachDatabase('offline replay batch', (dialect) => {
  let s: TestServer
  let admin: string
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  const params = async (paramKey: string) =>
    (
      await s.db
        .selectFrom('bladeParam')
        .selectAll()
        .where('paramKey', '=', paramKey)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((r) => ({
      id: r.id,
      paramValue: r.paramValue,
      version: Number((r as { version?: unknown }).version),
    }))
  const batch = (token: string, requests: unknown) =>
    call(s.baseUrl, 'POST', BATCH, { token, json: { requests } })

  it('runs each write as its own request, in order, and answers each; a resend answers the same and writes nothing twice', async () => {
    const requests = [
      {
        url: PARAM,
        key: 'batch-k-0001',
        body: {
          id: '9100000000000000001',
          paramName: '批量一',
          paramKey: 'batch.one',
          paramValue: '1',
        },
      },
      {
        url: PARAM,
        key: 'batch-k-0002',
        body: { id: '9100000000000000002', paramName: '缺少键名', paramValue: '2' },
      },
      {
        url: PARAM,
        key: 'batch-k-0003',
        body: {
          id: '9100000000000000001',
          paramName: '批量一',
          paramKey: 'batch.one',
          paramValue: '3',
          version: 1,
        },
      },
    ]
    const first = await batch(admin, requests)
    expect(first.status).toBe(200)
    expect(first.body.success).toBe(true)
    const answers = first.body.data as {
      status: number
      body: { code: number; success: boolean; msg: string; data: Record<string, unknown> }
    }[]
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [200, 200],
      [400, 400],
      [200, 200],
    ])
    expect(answers[1]!.body.msg).toMatch(/参数键名/)
    // The third was made on top of the first, in the same batch: the batch keeps their order.
    expect(answers[2]!.body.data).toMatchObject({
      id: '9100000000000000001',
      paramValue: '3',
      version: 2,
    })
    expect(await params('batch.one')).toEqual([
      { id: '9100000000000000001', paramValue: '3', version: 2 },
    ])

    const again = await batch(admin, requests)
    expect((again.body.data as { status: number }[]).map((a) => a.status)).toEqual([200, 400, 200])
    expect(await params('batch.one')).toEqual([
      { id: '9100000000000000001', paramValue: '3', version: 2 },
    ])
  })

  it('answers a stale write with its conflict and the current record, and overwrites nothing', async () => {
    const made = await batch(admin, [
      {
        url: PARAM,
        key: 'batch-k-0101',
        body: {
          id: '9100000000000000101',
          paramName: '冲突',
          paramKey: 'batch.stale',
          paramValue: 'mine',
        },
      },
    ])
    expect((made.body.data as { status: number }[])[0]!.status).toBe(200)
    const stale = await batch(admin, [
      {
        url: PARAM,
        key: 'batch-k-0102',
        body: {
          id: '9100000000000000101',
          paramName: '冲突',
          paramKey: 'batch.stale',
          paramValue: 'old',
          version: 0,
        },
      },
    ])
    const [answer] = stale.body.data as {
      status: number
      body: { code: number; data: Record<string, unknown> }
    }[]
    expect(answer!.status).toBe(409)
    expect(answer!.body.code).toBe(409)
    expect(answer!.body.data).toMatchObject({
      id: '9100000000000000101',
      paramValue: 'mine',
      version: 1,
    })
    expect(await params('batch.stale')).toEqual([
      { id: '9100000000000000101', paramValue: 'mine', version: 1 },
    ])
  })

  it("meets each write's own access check: a user without the parameter screen is refused that write only", async () => {
    const r = await batch(warehouse, [
      {
        url: PARAM,
        key: 'batch-k-0201',
        body: {
          id: '9100000000000000201',
          paramName: '越权',
          paramKey: 'batch.denied',
          paramValue: '1',
        },
      },
    ])
    expect(r.status).toBe(200)
    expect((r.body.data as { status: number }[])[0]!.status).toBe(403)
    expect(await params('batch.denied')).toEqual([])
  })

  it('refuses what is not a batch of queued writes with one 400 and a message, running none of it', async () => {
    const good = {
      url: PARAM,
      key: 'batch-k-0301',
      body: {
        id: '9100000000000000301',
        paramName: '不应写入',
        paramKey: 'batch.never',
        paramValue: '1',
      },
    }
    const cases: [unknown, RegExp][] = [
      [undefined, /requests/],
      [[], /requests/],
      ['x', /requests/],
      [
        Array.from({ length: SYNC_BATCH_MAX + 1 }, (_, i) => ({ ...good, key: `batch-many-${i}` })),
        new RegExp(`最多提交 ${SYNC_BATCH_MAX} 条`),
      ],
      [[good, null], /第 2 条离线修改必须是 JSON 对象/],
      [[good, { ...good, url: 'http://evil.example/api/x' }], /url/],
      [[good, { ...good, url: '/api/../blade-auth/oauth/token' }], /url/],
      [[good, { ...good, url: '/api/blade-auth/oauth/token' }], /登录或批量/],
      [[good, { ...good, url: '/api/blade-sync/batch' }], /登录或批量/],
      [[good, { ...good, key: 'short' }], /key/],
      [[good, { ...good, key: undefined }], /key/],
      [[good, { ...good, payloadVersion: '2' }], /payloadVersion/],
      [[good, { ...good, body: [1] }], /body/],
      [[good, { ...good, query: { ids: 1 } }], /query/],
    ]
    for (const [requests, message] of cases) {
      const r = await batch(admin, requests)
      expect(r.status, String(JSON.stringify(requests)).slice(0, 80)).toBe(400)
      expect(r.body).toMatchObject({ code: 400, success: false })
      expect(r.body.msg).toMatch(message)
    }
    expect(await params('batch.never')).toEqual([])
    expect((await call(s.baseUrl, 'POST', BATCH, { json: { requests: [good] } })).status).toBe(401)
  })
})
