// Security holes 6 and 7, each as it was found: inputs that answered 5xx or were stored malformed.
// Every one now answers 400 with a message and writes nothing. (The generated suite in
// generated-input-suite.ts tries many more bodies and filters over the route inventory.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EntityDef } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { sampleRecord, type Sample } from '../support/samples.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'
import { adapterOf } from './entity-adapters.ts'

const writable = entities.filter((e) => !(e.layout?.readOnly && !e.writePermission))
const lists = entities.filter((e) => !adapterOf(e)?.list || adapterOf(e)?.list === 'page')

forEachDatabase('bad input answers 400 and writes nothing', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())

  const count = async (def: EntityDef) =>
    Number(
      (
        await s.db
          .selectFrom(def.table as 'bladeParam')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  async function sample(def: EntityDef, salt: string): Promise<Sample> {
    const out = await sampleRecord(def, s.baseUrl, token, salt)
    await adapterOf(def)?.prepare?.(out, { def, baseUrl: s.baseUrl, token, salt })
    return out
  }
  /** Sends the sample with one field replaced; expects 400 with a message and no row written. */
  async function refused(def: EntityDef, field: string, value: unknown) {
    const body = { ...(await sample(def, `${field}`)), [field]: value }
    const before = await count(def)
    const r = await call(s.baseUrl, 'POST', `/api${def.api}/submit`, { token, json: body })
    expect(
      r.status,
      `${def.name}.${field} = ${JSON.stringify(value)?.slice(0, 60)} → ${JSON.stringify(r.body).slice(0, 200)}`,
    ).toBe(400)
    expect(typeof r.body.msg === 'string' && r.body.msg.length > 0).toBe(true)
    expect(await count(def), `${def.name} rows`).toBe(before)
  }

  it('current=99999999999999999999999 on every list (regression: 500)', async () => {
    for (const def of lists) {
      const r = await call(s.baseUrl, 'GET', `/api${def.api}/list`, {
        token,
        query: { current: '99999999999999999999999' },
      })
      expect(r.status, def.name).toBe(400)
      expect(r.body.msg).toBe('请求参数格式错误: current')
    }
  })

  it("sorting by the engine's extra names on every list: answered or a 400, never a 500 (regression: descs=sort, create_time)", async () => {
    for (const def of lists) {
      for (const descs of ['sort', 'create_time', 'createTime', 'update_time', 'id']) {
        const r = await call(s.baseUrl, 'GET', `/api${def.api}/list`, { token, query: { descs } })
        // A name the list has is answered, one it has not is a 400 (hand-written lists choose their own).
        expect(
          [200, 400],
          `${def.name} descs=${descs}: ${JSON.stringify(r.body).slice(0, 160)}`,
        ).toContain(r.status)
        if (def.base && descs === 'createTime')
          expect(r.status, `${def.name} descs=createTime`).toBe(200)
      }
    }
  })

  it('numbers beyond what a column holds, in filters (regression: 500 on PostgreSQL)', async () => {
    for (const query of [
      { status_ge: '1e999' },
      { status: '100000000000000000000000' },
      { status_lt: '-2147483649' },
      { status_like: '1' },
    ] as Record<string, string>[]) {
      const r = await call(s.baseUrl, 'GET', '/api/blade-resource/oss/list', { token, query })
      expect(r.status, JSON.stringify(query)).toBe(400)
    }
    const category = await call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', {
      token,
      query: { category: String(10n ** 23n) },
    })
    expect(category.status).toBe(400)
  })

  it('numbers beyond what a column holds, in bodies (regression: 500 on PostgreSQL, stored on SQLite)', async () => {
    const notice = entities.find((e) => e.name === 'notice')!
    for (const value of [1e23, '100000000000000000000000', -2147483649, 2147483648, '1e999'])
      await refused(notice, 'category', value)
  })

  it('NUL characters in strings, bodies and filters (regression: 500 on PostgreSQL)', async () => {
    const notice = entities.find((e) => e.name === 'notice')!
    await refused(notice, 'title', 'a\u0000b')
    const r = await call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', {
      token,
      query: { title: 'a\u0000' },
    })
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe('请求中不能包含空字符')
  })

  describe('an object or array for a text field (regression: stored as "[object Object]")', () => {
    for (const def of writable) {
      const updateField = adapterOf(def)?.updateField
      const field = def.fields.find((f) =>
        updateField
          ? f.name === updateField
          : (f.type === 'string' || f.type === 'text') &&
            !f.readOnly &&
            f.form !== false &&
            !f.multiple &&
            !f.visibleWhen,
      )
      if (!field) continue
      it(`${def.name}.${field.name}`, async () => {
        await refused(def, field.name, { a: 1 })
        await refused(def, field.name, [{ a: 1 }])
      })
    }
  })

  it('impossible dates (regression: stored)', async () => {
    const notice = entities.find((e) => e.name === 'notice')!
    for (const value of ['2026-13-45', '2026-02-30 25:61:61', '2026-02-29', '2026-04-31 10:00:00'])
      await refused(notice, 'releaseTime', value)
    const stockTaking = entities.find((e) => e.name === 'stockTaking')!
    await refused(stockTaking, 'checkDate', '2026-02-30')
  })

  it('out-of-range integers (regression: stored on SQLite)', async () => {
    const client = entities.find((e) => e.name === 'client')!
    await refused(client, 'accessTokenValidity', 99999999999)
  })

  it('prototype keys and deep nesting', async () => {
    const r = await fetch(`${s.baseUrl}/api/blade-desk/notice/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${token}` },
      body: '{"title":"x","__proto__":{"polluted":true}}',
    })
    expect(r.status).toBe(400)
    const nested = (depth: number) => `{"title":${'['.repeat(depth)}"x"${']'.repeat(depth)}}`
    const send = (body: string) =>
      fetch(`${s.baseUrl}/api/blade-desk/notice/submit`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${token}` },
        body,
      })
    const d = await send(nested(100))
    expect(d.status).toBe(400)
    expect(((await d.json()) as { msg: string }).msg).toBe('请求体嵌套层数过多')
    // Deeper than the parser itself can go: still a 400, never a crash.
    expect((await send(nested(200_000))).status).toBe(400)
    expect((await call(s.baseUrl, 'GET', '/api/health')).status).toBe(200)
  })
})
