import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { forEachDatabase, startTestServer, type TestServer } from '../tests/support/test-server.ts'
import { call } from '../tests/support/http.ts'

// The log rows are written after the answer, when a busy machine gets to them: vi.waitFor's default second was short.
const WAIT = { timeout: 60_000 }

forEachDatabase('server core', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect)
  })
  afterAll(() => s?.close())

  it('answers with the envelope with and without the /api prefix', async () => {
    for (const path of ['/api/health', '/health']) {
      const r = await call(s.baseUrl, 'GET', path)
      expect(r.status).toBe(200)
      expect(r.body).toEqual({
        code: 200,
        success: true,
        data: { status: 'up', database: dialect },
        msg: '操作成功',
      })
    }
  })

  it('answers an unknown API path with a 404 envelope', async () => {
    const r = await call(s.baseUrl, 'GET', '/api/blade-nothing/here')
    expect(r.status).toBe(404)
    expect(r.body).toMatchObject({ code: 404, success: false })
  })

  it('answers a malformed JSON body with 400 and a message', async () => {
    const res = await fetch(`${s.baseUrl}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 400, success: false, msg: expect.any(String) })
  })

  it('seeds idempotently', async () => {
    const { seed } = await import('./seed/index.ts')
    await seed(s.db, s.config)
    const users = await s.db
      .selectFrom('bladeUser')
      .select('id')
      .where('account', '=', 'admin')
      .execute()
    expect(users).toHaveLength(1)
  })
})

forEachDatabase('request logs', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect)
  })
  afterAll(() => s?.close())

  it('writes an api log row for every call and an error log row for every failure, with secrets masked', async () => {
    await call(s.baseUrl, 'GET', '/api/blade-system/param/list', {
      query: { paramKey: 'x', password: 'hunter2' },
    })
    // The rows are written after the answer is sent.
    const api = await vi.waitFor(async () => {
      const rows = await s.db
        .selectFrom('bladeLogApi')
        .selectAll()
        .where('requestUri', '=', '/api/blade-system/param/list')
        .execute()
      expect(rows).toHaveLength(1)
      return rows
    }, WAIT)
    expect(api[0]!.method).toBe('GET')
    expect(Number(api[0]!.time)).toBeGreaterThanOrEqual(0)
    expect(api[0]!.params).toContain('paramKey=x')
    expect(api[0]!.params).not.toContain('hunter2')
    const errors = await vi.waitFor(async () => {
      const rows = await s.db
        .selectFrom('bladeLogError')
        .selectAll()
        .where('requestUri', '=', '/api/blade-system/param/list')
        .execute()
      expect(rows).toHaveLength(1)
      return rows
    }, WAIT)
    expect(errors[0]!.message).toBeTruthy()
  })
})
