// Generated contract test: for EVERY declared entity, over real HTTP on SQLite and PostgreSQL —
// create, detail, update, list with each declared filter, remove, and one validation failure per
// required field (400 with the field's message, nothing written). Hand-written modules (custom)
// run through the same loop; entity-adapters.ts says only where their shape differs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FieldDef } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'
import { sourceText, messages } from '../../src/domain/messages.ts'
import { sessionToken } from '../support/tokens.ts'
import { ADMIN_USER_ID, DEPT_COMPANY, ROLE_ADMINISTRATOR } from '../../server/seed/ids.ts'
import { usualLog } from '../../server/log/writer.ts'
import { call } from '../support/http.ts'
import { sampleRecord, type Sample } from '../support/samples.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'
import { adapterOf } from './entity-adapters.ts'
import { filterCases, flatten, type Query, type Row } from './filter-cases.ts'

forEachDatabase('every declared entity', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = await sessionToken(
      s,
      {
        userId: ADMIN_USER_ID,
        tenantId: '000000',
        account: 'admin',
        userName: '管理员',
        realName: '管理员',
        roleIds: [ROLE_ADMINISTRATOR],
        roleAliases: ['administrator'],
        deptIds: [DEPT_COMPANY],
        postId: '',
        oauthId: '',
        clientId: 'saber',
      },
      3600,
    )
    // Log rows for the read-only log lists: one failing call (api + error log) and one usual entry.
    await call(s.baseUrl, 'GET', '/api/blade-system/param/detail', { token, query: { id: '1' } })
    await usualLog(s.db, { level: 'info', logId: 'contract-test', data: 'usual log entry' })
    // A usual log written during a request carries its request columns: give it values for those filters.
    await s.db
      .updateTable('bladeLogUsual')
      .set({ serverIp: '127.0.0.1', method: 'GET', requestUri: '/api/contract-test' })
      .where('logId', '=', 'contract-test')
      .execute()
    // Select options some entities point at (a tenant data source needs a data source).
    await call(s.baseUrl, 'POST', '/api/blade-develop/datasource/submit', {
      token,
      json: {
        name: 'reporting',
        category: 1,
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://127.0.0.1:5432/reporting',
        username: 'report',
        password: 'x',
      },
    })
  })
  afterAll(() => s?.close())
  // Tables with a version column, and the name a 409 gives for the administrator's changes.
  let versioned = new Set<string>()
  let adminName = ''
  beforeAll(async () => {
    const tables = await s.db.introspection.getTables()
    versioned = new Set(
      tables.filter((t) => t.columns.some((c) => c.name === 'version')).map((t) => t.name),
    )
    const admin = await s.db
      .selectFrom('bladeUser')
      .select(['realName', 'account'])
      .where('id', '=', ADMIN_USER_ID)
      .executeTakeFirstOrThrow()
    adminName = admin.realName || admin.account
  })

  for (const def of entities) {
    const adapter = adapterOf(def)
    if (!adapter) {
      it(`${def.name}: a hand-written module has its adapter`, () =>
        expect.fail(
          `${def.name} is custom: describe how its endpoints differ in tests/contract/entity-adapters.ts`,
        ))
      continue
    }
    const key = def.key ?? 'id'
    const forest = adapter.list === 'forest'
    // A read-only screen may still have an API that writes (count lines, under writePermission).
    const readOnly = !!def.layout?.readOnly && !def.writePermission
    describe(def.name, () => {
      const api = (op: string) => `/api${def.api}/${op}`
      const get = (op: string, query: Query) => call(s.baseUrl, 'GET', api(op), { token, query })
      const sample = async (salt: string, missing?: string): Promise<Sample> => {
        const out = await sampleRecord(def, s.baseUrl, token, salt)
        await adapter.prepare?.(out, { def, baseUrl: s.baseUrl, token, salt }, missing)
        return out
      }
      const rowsOf = (data: unknown): Row[] => {
        if (forest) {
          expect(Array.isArray(data), 'the list answers a forest').toBe(true)
          return flatten(data as Row[])
        }
        expect(data, 'the list answers a page').toMatchObject({
          records: expect.any(Array),
          total: expect.any(Number),
        })
        return (data as { records: Row[] }).records
      }
      const total = async () => {
        const r = await get('list', { size: '1' })
        return forest ? rowsOf(r.body.data).length : (r.body.data.total as number)
      }
      /** Whether the list with these filters holds the row, through every page. */
      const listHas = async (query: Query, k: string): Promise<boolean> => {
        for (let current = 1; ; current++) {
          const r = await get('list', { ...query, current: String(current), size: '500' })
          expect(r.status, `${JSON.stringify(query)} ${JSON.stringify(r.body)}`).toBe(200)
          const rows = rowsOf(r.body.data)
          if (rows.some((x) => String(x[key]) === k)) return true
          if (forest || rows.length === 0 || current >= Number(r.body.data.pages)) return false
        }
      }
      /** Every declared filter, with the row's own value: the row is found, and a value it does not have leaves it out. */
      const checkFilters = async (row: Row) => {
        const k = String(row[key])
        const untested: string[] = []
        for (const f of def.fields.filter((x) => x.search)) {
          const v = row[f.name]
          if (v === undefined || v === null || v === '' || typeof v === 'object') {
            untested.push(f.name)
            continue
          }
          const { hits, misses } = filterCases(f, String(v))
          for (const q of hits)
            expect(await listHas(q, k), `filter ${JSON.stringify(q)} finds the row`).toBe(true)
          for (const q of misses)
            expect(await listHas(q, k), `filter ${JSON.stringify(q)} leaves the row out`).toBe(
              false,
            )
        }
        expect(untested, 'declared filters the row has no value for').toEqual([])
      }

      if (readOnly)
        it('read-only: lists, details and filters existing rows; refuses writes', async () => {
          const seeded = await adapter.seed?.({ def, baseUrl: s.baseUrl, token, salt: 'r3' })
          const r = await get('list', { current: '1', size: '5' })
          expect(r.status).toBe(200)
          const rows = rowsOf(r.body.data)
          // The seeded row's own values complete what the list shows (filters on columns it does not list).
          const row = seeded
            ? { ...rows.find((x) => String(x[key]) === String(seeded[key])), ...seeded }
            : rows[0]
          expect(row, 'the server writes a row of its own before this').toBeTruthy()
          if (seeded)
            expect(await listHas({}, String(seeded[key])), 'the list shows the seeded row').toBe(
              true,
            )
          if (adapter.detail !== false)
            expect((await get('detail', { [key]: String(row[key]) })).body.data[key]).toBe(row[key])
          await checkFilters(row)
          expect((await call(s.baseUrl, 'POST', api('submit'), { token, json: {} })).status).toBe(
            404,
          )
          expect(
            (
              await call(s.baseUrl, 'POST', api('remove'), {
                token,
                query: { [adapter.removeParam ?? 'ids']: String(row[key]) },
              })
            ).status,
          ).toBe(404)
        })
      else
        it('create, detail, update, filter, remove', async () => {
          const record = await sample('a1')
          const created = await call(s.baseUrl, 'POST', api('submit'), { token, json: record })
          expect(created.status, JSON.stringify(created.body)).toBe(200)
          const k = String(created.body.data[key])
          const detail = async () => {
            const r = await get('detail', { [key]: k })
            expect(r.status, JSON.stringify(r.body)).toBe(200)
            return r.body.data as Row
          }
          const secret = new Set(def.fields.filter((f) => f.secret).map((f) => f.name))
          const first = await detail()
          for (const [name, v] of Object.entries(record))
            if (!secret.has(name)) expect(asText(first[name]), name).toEqual(asText(v))
          for (const name of secret) expect(first, `${name} is never sent`).not.toHaveProperty(name)

          const text = updatable(def.fields, record, adapter.updateField, [key, def.tree?.parent])
          if (text) {
            const changed = `${String(record[text.name]).slice(0, (text.maxLength ?? 255) - 2)}-u`
            const r = await call(s.baseUrl, 'POST', api('submit'), {
              token,
              json: { [key]: k, [text.name]: changed },
            })
            expect(r.status, JSON.stringify(r.body)).toBe(200)
            expect((await detail())[text.name]).toBe(changed)
          }

          await checkFilters(await detail())

          const removed = await call(s.baseUrl, 'POST', api('remove'), {
            token,
            query: { [adapter.removeParam ?? 'ids']: k },
          })
          expect(removed.status, JSON.stringify(removed.body)).toBe(200)
          expect((await get('detail', { [key]: k })).status).toBe(404)
        })

      // Optimistic concurrency: the detail answers the version the form sends back; a write on that
      // version passes and raises it, a write on an older one answers 409 naming who changed the row
      // and when, with the current row, and writes nothing; a write without version is accepted.
      if (!readOnly)
        it('refuses a stale version with 409 and writes nothing', async (t) => {
          // Whether the table has a version column is known once the database is open.
          if (!versioned.has(def.table)) t.skip()
          const record = await sample('v5')
          const created = await call(s.baseUrl, 'POST', api('submit'), { token, json: record })
          expect(created.status, JSON.stringify(created.body)).toBe(200)
          const k = String(created.body.data[key])
          const detail = async () => (await get('detail', { [key]: k })).body.data as Row
          const opened = await detail()
          expect(opened.version, 'the detail answers the version').toEqual(expect.any(Number))
          const text = updatable(def.fields, record, adapter.updateField, [key, def.tree?.parent])
          const change = (tag: string): Row =>
            text
              ? {
                  [text.name]: `${String(record[text.name]).slice(0, (text.maxLength ?? 255) - 8)}-${tag}`,
                }
              : {}
          const first = await call(s.baseUrl, 'POST', api('submit'), {
            token,
            json: { [key]: k, version: opened.version, ...change('first') },
          })
          expect(first.status, JSON.stringify(first.body)).toBe(200)
          const current = await detail()
          expect(current.version).toBe(Number(opened.version) + 1)
          const stale = await call(s.baseUrl, 'POST', api('submit'), {
            token,
            json: { [key]: k, version: opened.version, ...change('second') },
          })
          expect(stale.status, JSON.stringify(stale.body)).toBe(409)
          expect(stale.body).toMatchObject({
            code: 409,
            success: false,
            data: { [key]: current[key], version: current.version },
          })
          if (current.updateTime && current.updateUser)
            expect(stale.body.msg).toBe(
              `数据已被 ${adminName} 于 ${String(current.updateTime)} 修改，请刷新后重试`,
            )
          expect(await detail(), 'nothing written').toEqual(current)
          const plain = await call(s.baseUrl, 'POST', api('submit'), {
            token,
            json: { [key]: k, ...change('plain') },
          })
          expect(plain.status, JSON.stringify(plain.body)).toBe(200)
          expect((await detail()).version).toBe(Number(current.version) + 1)
        })

      // A read-only list takes no writes, so it has no create to refuse.
      if (!readOnly)
        for (const f of def.fields.filter(
          (x) =>
            x.required &&
            !x.readOnly &&
            x.form !== false &&
            x.form !== 'edit' &&
            !adapterOf(def)?.defaulted?.includes(x.name),
        )) {
          it(`refuses a create without ${f.name}`, async () => {
            const record = await sample('b2', f.name)
            if (f.requiredWhen) record[f.requiredWhen.field] = f.requiredWhen.equals
            delete record[f.name]
            const before = await total()
            const r = await call(s.baseUrl, 'POST', api('submit'), { token, json: record })
            expect(r.status, JSON.stringify(r.body)).toBe(400)
            expect(r.body).toMatchObject({ code: 400, success: false })
            const expected =
              f.required === true ? sourceText(messages.required(f.label)) : sourceText(f.required!)
            expect(r.body.msg).toContain(expected)
            expect(await total()).toBe(before)
          })
        }
    })
  }
})

/**
 * The plain text field the update step changes: one the form edits, not secret, not a choice or a
 * pattern, not the key or the tree's parent link (those move or re-key the row).
 */
function updatable(
  fields: FieldDef[],
  record: Sample,
  named: string | undefined,
  skip: (string | undefined)[],
): FieldDef | undefined {
  if (named) return fields.find((f) => f.name === named)
  return fields.find(
    (f) =>
      (f.type === 'string' || f.type === 'text') &&
      !f.readOnly &&
      !f.secret &&
      f.form !== false &&
      f.form !== 'add' &&
      !f.options &&
      !f.pattern &&
      !skip.includes(f.name) &&
      f.name in record,
  )
}

/** A value as compared with what was sent: numbers and text alike as text, sub-records field by field. */
function asText(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(asText)
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asText(x)]))
  return String(v)
}
