// Generated contract test: for EVERY declared entity, over real HTTP on SQLite and PostgreSQL —
// create, detail, update, list with each declared filter, remove, and one validation failure per
// required field (400 with the field's message, nothing written).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entities } from '../../src/domain/registry.ts'
import { sourceText, messages } from '../../src/domain/messages.ts'
import { signAccessToken } from '../../server/auth/jwt.ts'
import { ADMIN_USER_ID, DEPT_COMPANY, ROLE_ADMINISTRATOR } from '../../server/db/seed/ids.ts'
import { usualLog } from '../../server/log/writer.ts'
import { call } from '../support/http.ts'
import { sampleRecord } from '../support/samples.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'

forEachDatabase('every declared entity', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = await signAccessToken(
      { userId: ADMIN_USER_ID, tenantId: '000000', account: 'admin', userName: '管理员', realName: '管理员', roleIds: [ROLE_ADMINISTRATOR], roleAliases: ['administrator'], deptIds: [DEPT_COMPANY], postId: '', oauthId: '', clientId: 'saber' },
      s.keys.jwtSecret,
      3600,
    )
    // Log rows for the read-only log lists: one failing call (api + error log) and one usual entry.
    await call(s.baseUrl, 'GET', '/api/blade-system/param/detail', { token, query: { id: '1' } })
    await usualLog(s.db, { level: 'info', logId: 'contract-test', data: 'usual log entry' })
    // Select options some entities point at (a tenant data source needs a data source).
    await call(s.baseUrl, 'POST', '/api/blade-develop/datasource/submit', { token, json: { name: 'reporting', category: 1, driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/reporting', username: 'report', password: 'x' } })
  })
  afterAll(() => s?.close())

  // Hand-written modules (custom) have their own tests beside them.
  for (const def of entities.filter((e) => !e.custom)) {
    describe(def.name, () => {
      const api = (op: string) => `/api${def.api}/${op}`
      const total = async () => (await call(s.baseUrl, 'GET', api('list'), { token, query: { size: '1' } })).body.data.total as number

      if (def.layout?.readOnly) it('read-only: lists, details and filters existing rows; refuses writes', async () => {
        const r = await call(s.baseUrl, 'GET', api('list'), { token, query: { current: '1', size: '5' } })
        expect(r.status).toBe(200)
        const row = r.body.data.records[0]
        expect(row, 'the server writes a row of its own before this').toBeTruthy()
        expect((await call(s.baseUrl, 'GET', api('detail'), { token, query: { id: row.id } })).body.data.id).toBe(row.id)
        for (const f of def.fields.filter((x) => x.search && row[x.name] !== '' && row[x.name] !== null)) {
          const v = String(row[f.name])
          const query: Record<string, string> = f.search === 'between' ? { [`${f.name}_ge`]: v, [`${f.name}_le`]: v } : { [`${f.name}_${f.search}`]: v }
          const found = await call(s.baseUrl, 'GET', api('list'), { token, query: { ...query, size: '500' } })
          expect(found.body.data.records.map((x: { id: string }) => x.id), `filter ${f.name}`).toContain(row.id)
        }
        expect((await call(s.baseUrl, 'POST', api('submit'), { token, json: {} })).status).toBe(404)
        expect((await call(s.baseUrl, 'POST', api('remove'), { token, query: { ids: row.id } })).status).toBe(404)
      })

      else it('create, detail, update, filter, remove', async () => {
        const sample = await sampleRecord(def, s.baseUrl, token, 'a1')
        const created = await call(s.baseUrl, 'POST', api('submit'), { token, json: sample })
        expect(created.status, JSON.stringify(created.body)).toBe(200)
        const id = created.body.data.id as string
        const detail = await call(s.baseUrl, 'GET', api('detail'), { token, query: { id } })
        expect(detail.status).toBe(200)
        for (const [k, v] of Object.entries(sample)) expect(String(detail.body.data[k]), k).toBe(String(v))

        const text = def.fields.find((f) => (f.type === 'string' || f.type === 'text') && !f.readOnly && f.form !== false && !f.options && !f.pattern && f.name in sample)
        if (text) {
          const changed = `${String(sample[text.name]).slice(0, (text.maxLength ?? 255) - 2)}-u`
          expect((await call(s.baseUrl, 'POST', api('submit'), { token, json: { id, [text.name]: changed } })).status).toBe(200)
          expect((await call(s.baseUrl, 'GET', api('detail'), { token, query: { id } })).body.data[text.name]).toBe(changed)
          sample[text.name] = changed
        }

        for (const f of def.fields.filter((x) => x.search && x.name in sample)) {
          const v = String(sample[f.name])
          const query: Record<string, string> = f.search === 'between' ? { [`${f.name}_ge`]: v, [`${f.name}_le`]: v } : { [f.name === 'id' ? 'id' : `${f.name}_${f.search}`]: v }
          const r = await call(s.baseUrl, 'GET', api('list'), { token, query })
          expect(r.status, `${f.name} ${JSON.stringify(r.body)}`).toBe(200)
          expect(r.body.data.records.map((x: { id: string }) => x.id), `filter ${f.name}`).toContain(id)
        }

        expect((await call(s.baseUrl, 'POST', api('remove'), { token, query: { ids: id } })).status).toBe(200)
        expect((await call(s.baseUrl, 'GET', api('detail'), { token, query: { id } })).status).toBe(404)
      })

      for (const f of def.fields.filter((x) => x.required && !x.readOnly && x.form !== false)) {
        it(`refuses a create without ${f.name}`, async () => {
          const sample = await sampleRecord(def, s.baseUrl, token, 'b2')
          if (f.requiredWhen) sample[f.requiredWhen.field] = f.requiredWhen.equals
          delete sample[f.name]
          const before = await total()
          const r = await call(s.baseUrl, 'POST', api('submit'), { token, json: sample })
          expect(r.status).toBe(400)
          expect(r.body).toMatchObject({ code: 400, success: false })
          const expected = f.required === true ? sourceText(messages.required(f.label)) : sourceText(f.required!)
          expect(r.body.msg).toContain(expected)
          expect(await total()).toBe(before)
        })
      }
    })
  }
})
