// Generated bad input over the route inventory, on SQLite and PostgreSQL (the generated-input-*
// files run it in parts): every submit/update/import route gets at least 100 generated bodies (a
// save beside a submit 25 others) that are wrong somewhere (wrong types, objects for text, missing
// fields, huge text, deep nesting, __proto__, NUL, numbers beyond int32/int64, impossible dates),
// with formula-, SQL- and unicode-looking text around the fault; every list gets 100 generated
// filter and sort sets. Answers: 4xx with a message or (lists) 200, never 5xx, and no row written.
import fc from 'fast-check'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EntityDef, type FieldDef, QUERY_TYPES } from '../../src/domain/entity.ts'
import { isVisible, lengthLimit } from '../../src/domain/validate.ts'
import { appRoutes } from '../../server/app.ts'
import { writeXlsx } from '../../server/core/xlsx.ts'
import { routeInventory, type InventoryEntry } from '../../server/http/inventory.ts'
import { call, injectCall } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { sampleRecord } from '../support/samples.ts'
import { each, foreignRows } from '../support/security-checks.ts'
import type { Dialect } from '../../server/db/database.ts'
import { onPostgres, startTestServer, type TestServer } from '../support/test-server.ts'
import { adapterOf } from './entity-adapters.ts'

// Generated bodies and list queries per route; CI may choose another size (FUZZ_RUNS=400), as the seed.
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)

/** Text a field accepts that looks like a formula, SQL or unusual unicode: put around each fault. */
const lookalike = fc.constantFrom(
  '=HYPERLINK("http://x","y")',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  "1' OR '1'='1",
  "'); DROP TABLE blade_user; --",
  '%_\\',
  '\u202eevil',
  '😀👨‍👩‍👧',
  'ﷺ٠١٢',
  'a\tb\nc',
)

/** A value the field cannot hold. */
function invalidFor(f: FieldDef): fc.Arbitrary<unknown> {
  const everywhere = [
    fc.constant({ a: 1 }),
    fc.constant([{ a: 1 }]),
    fc.constant({ nested: { deeper: [1, { x: 'y' }] } }),
    fc.string({ maxLength: 8 }).map((s) => `${s}\u0000`),
  ]
  switch (f.type) {
    case 'integer':
    case 'number':
      return fc.oneof(
        ...everywhere,
        fc.constantFrom(
          'abc',
          '1e999',
          'NaN',
          'Infinity',
          '0x10',
          '1,5',
          String(10n ** 23n),
          '9223372036854775808',
          '-2147483649',
          1e23,
          -1e23,
          true,
          2 ** 53 + 1,
        ),
      )
    case 'date':
    case 'datetime':
    case 'month':
      return fc.oneof(
        ...everywhere,
        fc.constantFrom(
          '2026-13-45',
          '2026-02-30 25:61:61',
          '2026-02-29',
          'yesterday',
          '2026-1-1',
          '99999-01-01',
          12345,
        ),
      )
    case 'id':
    case 'ids':
      return fc.oneof(
        ...everywhere,
        fc.constantFrom('abc', '1.5', '1 or 1=1', '1'.repeat(25), '1,abc', ' 1'),
      )
    case 'boolean':
      return fc.oneof(...everywhere, fc.constantFrom('yes', '2', 'maybe', -1))
    case 'rows':
      return fc.constantFrom('not json', '{"a":1}', [1, 2], [[1]], { a: 1 })
    default: {
      const tooLong = 'x'.repeat(lengthLimit(f) + 1)
      const options = f.options?.kind === 'static' ? [fc.constant('not-an-option')] : []
      return fc.oneof(...everywhere, fc.constant(tooLong), ...options)
    }
  }
}

/** Whole bodies no route accepts, sent as raw JSON text. */
const brokenBodies = fc.constantFrom(
  '[]',
  '"text"',
  '123',
  'null',
  '{"a":',
  '{"title":"x","__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `{"a":${'['.repeat(200)}1${']'.repeat(200)}}`,
  '{"\u0000":1}',
)

/** Fields of a valid body that a fault can be put in (shown, so validated). */
function faultable(def: EntityDef, body: Record<string, unknown>): FieldDef[] {
  return def.fields.filter(
    (f) =>
      f.name in body &&
      !f.readOnly &&
      f.form !== false &&
      f.name !== 'id' &&
      isVisible(f, body) &&
      !f.secret,
  )
}

type Fault =
  | { kind: 'field'; field: string; value: unknown; noise: string }
  | { kind: 'missing'; field: string }
  | { kind: 'body'; raw: string }

function faults(
  def: EntityDef,
  body: Record<string, unknown>,
  create: boolean,
): fc.Arbitrary<Fault> {
  const fields = faultable(def, body)
  const derived = [...(adapterOf(def)?.derived ?? []), ...(adapterOf(def)?.defaulted ?? [])]
  const required = fields.filter(
    (f) => f.required && !f.requiredWhen && f.type !== 'rows' && !derived.includes(f.name),
  )
  const options: fc.Arbitrary<Fault>[] = [
    brokenBodies.map((raw) => ({ kind: 'body' as const, raw })),
  ]
  if (fields.length)
    options.push(
      fc
        .constantFrom(...fields)
        .chain((f) =>
          fc
            .tuple(invalidFor(f), lookalike)
            .map(([value, noise]) => ({ kind: 'field' as const, field: f.name, value, noise })),
        ),
    )
  if (create && required.length)
    options.push(
      fc.constantFrom(...required).map((f) => ({ kind: 'missing' as const, field: f.name })),
    )
  return fc.oneof(...options)
}

function faultyBody(def: EntityDef, valid: Record<string, unknown>, fault: Fault): string {
  if (fault.kind === 'body') return fault.raw
  const body: Record<string, unknown> = { ...valid }
  if (fault.kind === 'missing') delete body[fault.field]
  else {
    body[fault.field] = fault.value
    // The other text fields carry lookalike text: valid, and never the reason for the refusal.
    for (const f of faultable(def, valid))
      if (
        f.name !== fault.field &&
        (f.type === 'string' || f.type === 'text') &&
        !f.options &&
        !f.pattern &&
        !f.multiple
      )
        body[f.name] = fault.noise.slice(0, lengthLimit(f))
  }
  return JSON.stringify(body)
}

/** The fields a body may leave out, so also send as null: optional, written by a form. */
function optionalFields(def: EntityDef): FieldDef[] {
  return def.fields.filter(
    (f) => !f.required && !f.readOnly && f.form !== false && f.name !== 'id' && f.name !== def.key,
  )
}

/** What an optional field holds when it was sent as null: nothing, its declared default or a column's zero. */
function isAbsentOrDefault(f: FieldDef, v: unknown): boolean {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return true
  if (f.defaultValue !== undefined && String(v) === String(f.defaultValue)) return true
  return v === 0 || v === '0' || v === false
}

/** Generated filter and sort sets for a list of this entity (or any, when none is declared). */
function listQueries(def: EntityDef | null): fc.Arbitrary<Record<string, string>> {
  const names = def ? def.fields.map((f) => f.name) : ['id', 'name']
  const suffixes = [
    '',
    ...QUERY_TYPES.map((q) => `_${q}`),
    '_notlike',
    '_datege',
    '_datele',
    '_null',
    '_notnull',
    '_bogus',
  ]
  const key = fc.oneof(
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...suffixes)).map(([n, s]) => n + s),
    fc.constantFrom('current', 'size', 'ascs', 'descs', 'tenantId', 'parentId', 'code', 'id'),
    fc.string({ maxLength: 12 }),
  )
  const value = fc.oneof(
    lookalike,
    fc.constantFrom(
      '1e999',
      String(10n ** 23n),
      '-2147483649',
      '2026-02-30',
      '2026-13-45 25:61:61',
      '1,2,3',
      ',',
      '',
      '-1',
      '0',
      'abc',
      'id',
      'create_time',
      'password',
      'x;drop table blade_user',
      '9'.repeat(40),
    ),
    fc.string({ maxLength: 20 }),
    fc.integer().map(String),
  )
  return fc.dictionary(key, value, { maxKeys: 5 })
}

const isListRoute = (e: InventoryEntry) =>
  e.method === 'GET' &&
  e.access.kind !== 'public' &&
  !e.download &&
  !/\/(detail|export|info|logout|clear-cache|user-info|routes|buttons|top-menu|public-key|captcha|platform-detail|package-detail)$/.test(
    e.url,
  )

/**
 * The suite on one database, in halves that run as separate files side by side (the generated
 * bodies of every write route take minutes): `writes` sends the faulty and the null bodies, `reads`
 * the bad files and parameters, and the generated list filters.
 */
export function generatedInput(dialect: Dialect, half: 'writes' | 'reads'): void {
  const name = `generated bad input over the route inventory (${half})`
  if (dialect === 'sqlite') describe(`${name} [sqlite]`, () => suite(dialect, half))
  else onPostgres(name, () => suite(dialect, half))
}

function suite(dialect: Dialect, half: 'writes' | 'reads'): void {
  let s: TestServer
  let token: string
  let inventory: InventoryEntry[]
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    inventory = routeInventory(appRoutes(s.ctx))
  }, 300_000)
  afterAll(() => s?.close())

  // The thousands of generated requests go through Fastify's inject (tests/support/http.ts): what
  // is tested is what the routes answer, and a fetch over the socket cost twice the CPU.
  const post = async (url: string, raw: string, query: Record<string, string> = {}) => {
    const u = new URL(`/api${url}`, s.baseUrl)
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v)
    const res = await s.app.inject({
      method: 'POST',
      url: `${u.pathname}${u.search}`,
      headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${token}` },
      payload: raw,
    })
    return { status: res.statusCode, text: async () => res.body }
  }

  if (half === 'writes') {
    it('refuses every generated faulty body of every submit/save/update route with a 4xx and a message, writing nothing', async () => {
      const writes = inventory.filter(
        (e) =>
          e.entity &&
          e.method === 'POST' &&
          ['submit', 'save', 'update'].some((v) => e.url === `${e.entity!.api}/${v}`),
      )
      expect(writes.length).toBeGreaterThan(60)
      const problems: string[] = []
      let tried = 0
      // The faulty bodies go in two rounds, create routes then updates, each between one fingerprint
      // of every table before and one after (a fingerprint costs a quarter to half a second, which
      // taken around each route was most of this test's time). The creates go first: the row an
      // update names is its entity's valid body, which a create's body missing a field would
      // otherwise update instead of being refused.
      for (const updates of [false, true]) {
        const cases: { e: InventoryEntry; def: EntityDef; valid: Record<string, unknown> }[] = []
        for (const e of writes.filter((w) => w.url.endsWith('/update') === updates)) {
          const def = e.entity!
          const adapter = adapterOf(def)
          const sample = await sampleRecord(def, s.baseUrl, token, `fuzz-${def.name}`)
          await adapter?.prepare?.(sample, {
            def,
            baseUrl: s.baseUrl,
            token,
            salt: `fuzz-${def.name}`,
          })
          const valid: Record<string, unknown> = sample
          if (updates) {
            const made = await call(s.baseUrl, 'POST', `/api${def.api}/submit`, {
              token,
              json: valid,
            })
            const key = def.key ?? 'id'
            valid[key] = made.status === 200 ? made.body.data[key] : '1'
          }
          cases.push({ e, def, valid })
        }
        const before = await foreignRows(s.db, null)
        // Routes side by side: each waits on its own requests, and none may write anything.
        await each(
          cases,
          async ({ e, def, valid }) => {
            // save validates and writes as submit does, which got its full share of bodies: a quarter as
            // many, other ones (another seed), instead of the same bodies again.
            const asSubmit =
              e.url.endsWith('/save') && writes.some((w) => w.url === `${def.api}/submit`)
            await fc.assert(
              fc.asyncProperty(faults(def, valid, !updates), async (fault) => {
                tried++
                const res = await post(e.url, faultyBody(def, valid, fault))
                const text = await res.text()
                const msg = (() => {
                  try {
                    return (JSON.parse(text) as { msg?: unknown }).msg
                  } catch {
                    return undefined
                  }
                })()
                if (res.status < 400 || res.status >= 500 || typeof msg !== 'string' || !msg)
                  problems.push(
                    `${e.url} ${JSON.stringify(fault).slice(0, 160)} → ${res.status} ${text.slice(0, 120)}`,
                  )
              }),
              asSubmit
                ? { numRuns: RUNS / 4, seed: SEED + 1, endOnFailure: true }
                : { numRuns: RUNS, seed: SEED, endOnFailure: true },
            )
          },
          4,
        )
        const after = await foreignRows(s.db, null)
        for (const [table, fp] of Object.entries(before))
          if (after[table] !== fp)
            problems.push(
              `rows written in ${table} by a faulty body of ${updates ? 'an update' : 'a submit or save'}`,
            )
      }
      console.info(`generated bodies: ${tried} over ${writes.length} write routes (seed ${SEED})`)
      expect(problems.slice(0, 30)).toEqual([])
    }, 1_800_000)

    it('takes null in every optional field of every submit/save/update route as absent: never 5xx, and a success stores nothing or the default', async () => {
      const writes = inventory.filter(
        (e) =>
          e.entity &&
          e.method === 'POST' &&
          ['submit', 'save', 'update'].some((v) => e.url === `${e.entity!.api}/${v}`),
      )
      const problems: string[] = []
      let tried = 0
      // Short salts: some samples build a unique value of a bounded length from it (an employee's citizen ID).
      let salts = 0
      for (const e of writes) {
        const def = e.entity!
        const adapter = adapterOf(def)
        const key = def.key ?? 'id'
        const isUpdate = e.url.endsWith('/update')
        const get = async (k: string) =>
          (await call(s.baseUrl, 'GET', `/api${def.api}/detail`, { token, query: { [key]: k } }))
            .body?.data as Record<string, unknown> | undefined
        const remove = (k: string) =>
          call(s.baseUrl, 'POST', `/api${def.api}/remove`, {
            token,
            query: { [adapter?.removeParam ?? 'ids']: k },
          })
        const sample = async (salt: string) => {
          const out = await sampleRecord(def, s.baseUrl, token, salt)
          await adapter?.prepare?.(out, { def, baseUrl: s.baseUrl, token, salt })
          return out as Record<string, unknown>
        }
        let stored: { k: string; before: Record<string, unknown> | undefined } | null = null
        if (isUpdate) {
          // A row of its own, else (a unique value an earlier case left behind) one the list shows.
          const made = await call(s.baseUrl, 'POST', `/api${def.api}/submit`, {
            token,
            json: await sample(`z${++salts}`),
          })
          const listed =
            made.status === 200
              ? null
              : (
                  await call(s.baseUrl, 'GET', `/api${def.api}/list`, {
                    token,
                    query: { current: '1', size: '1' },
                  })
                ).body?.data
          const row = (
            made.status === 200
              ? made.body.data
              : (Array.isArray(listed) ? listed : (listed?.records ?? []))[0]
          ) as Record<string, unknown> | undefined
          if (!row) {
            problems.push(
              `${def.name}: no row to update: ${made.status} ${JSON.stringify(made.body).slice(0, 120)}`,
            )
            continue
          }
          const k = String(row[key])
          stored = { k, before: await get(k) }
        }
        for (const f of optionalFields(def)) {
          tried++
          const body = isUpdate
            ? { [key]: stored!.k, [f.name]: null }
            : { ...(await sample(`z${++salts}`)), [f.name]: null }
          const r = await injectCall(s.app, 'POST', `/api${e.url}`, { token, json: body })
          const where = `${e.url} ${f.name}=null`
          if (
            r.status >= 500 ||
            (r.status !== 200 &&
              !(r.status >= 400 && r.status < 500 && typeof r.body?.msg === 'string' && r.body.msg))
          ) {
            problems.push(`${where} → ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`)
            continue
          }
          if (r.status !== 200 || f.secret) continue
          const k = String(r.body.data[key])
          const now = (await get(k))?.[f.name]
          // An update keeps the stored value or clears it; a create stores nothing or the default.
          const kept = isUpdate && JSON.stringify(now) === JSON.stringify(stored!.before?.[f.name])
          if (!kept && !adapter?.filled?.includes(f.name) && !isAbsentOrDefault(f, now))
            problems.push(`${where} → stored ${JSON.stringify(now)}`)
          if (isUpdate) stored!.before = await get(k)
          else await remove(k)
        }
      }
      console.info(`null in optional fields: ${tried} requests over ${writes.length} write routes`)
      expect(problems.slice(0, 40)).toEqual([])
    }, 1_800_000)
  }

  if (half === 'reads') {
    it('refuses generated bad files and id lists on the import and the other write routes that take parameters', async () => {
      const problems: string[] = []
      const before = await foreignRows(s.db, null)
      const files = fc.oneof(
        fc.uint8Array({ maxLength: 2000 }),
        fc
          .array(
            fc.array(fc.oneof(lookalike, fc.string({ maxLength: 10 })), {
              minLength: 1,
              maxLength: 6,
            }),
            { minLength: 1, maxLength: 5 },
          )
          .map((rows) => writeXlsx('用户', rows[0]!, rows.slice(1))),
        fc.constant(zipSync({ 'x.txt': strToU8('not a workbook') })),
      )
      await fc.assert(
        fc.asyncProperty(files, async (file) => {
          const form = new FormData()
          form.append('file', new Blob([file as BlobPart]), 'users.xlsx')
          const res = await fetch(`${s.baseUrl}/api/blade-system/user/import-user?isCovered=0`, {
            method: 'POST',
            headers: { 'Blade-Auth': `bearer ${token}` },
            body: form,
          })
          if (res.status < 400 || res.status >= 500)
            problems.push(`import → ${res.status} ${(await res.text()).slice(0, 120)}`)
        }),
        { numRuns: RUNS, seed: SEED },
      )
      const withIds = inventory.filter(
        (e) =>
          e.method === 'POST' &&
          e.sample?.query &&
          Object.keys(e.sample.query).some((k) =>
            /^(ids?|userIds|userId|roleIds|topMenuIds)$/.test(k),
          ),
      )
      expect(withIds.length).toBeGreaterThan(20)
      const badIds = fc.constantFrom(
        'abc',
        '1 or 1=1',
        '',
        ',',
        '1,abc',
        '9'.repeat(40),
        '-',
        '1;drop table blade_user',
        '=1+1',
        '😀',
      )
      await each(
        withIds,
        async (e) => {
          await fc.assert(
            fc.asyncProperty(badIds, async (bad) => {
              const query = Object.fromEntries(
                Object.entries(e.sample!.query!).map(([k, v]) => [
                  k,
                  /^(ids?|userIds|userId|roleIds|topMenuIds)$/.test(k) ? bad : v,
                ]),
              )
              const res = await post(
                e.url,
                e.sample?.json === undefined ? '' : JSON.stringify(e.sample.json),
                query,
              )
              if (res.status < 400 || res.status >= 500)
                problems.push(
                  `${e.url} ${JSON.stringify(query)} → ${res.status} ${(await res.text()).slice(0, 120)}`,
                )
            }),
            { numRuns: 20, seed: SEED },
          )
        },
        4,
      )
      // Hand-written routes with a JSON body: each field in turn replaced by a value no field holds.
      const jsonRoutes = inventory.filter(
        (e) =>
          e.method === 'POST' &&
          e.sample?.json &&
          typeof e.sample.json === 'object' &&
          !Array.isArray(e.sample.json) &&
          !(
            e.entity && ['submit', 'save', 'update'].some((v) => e.url === `${e.entity!.api}/${v}`)
          ),
      )
      expect(jsonRoutes.length).toBeGreaterThan(2)
      const noValue = fc.constantFrom<unknown>({ a: 1 }, [{ a: 1 }], 'x\u0000', 'x'.repeat(100_000))
      for (const e of jsonRoutes) {
        const body = e.sample!.json as Record<string, unknown>
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...Object.keys(body)), noValue, async (key, value) => {
            const res = await post(e.url, JSON.stringify({ ...body, [key]: value }))
            if (res.status < 400 || res.status >= 500)
              problems.push(
                `${e.url} ${key}=${JSON.stringify(value).slice(0, 40)} → ${res.status} ${(await res.text()).slice(0, 120)}`,
              )
          }),
          { numRuns: 30, seed: SEED },
        )
      }
      expect(problems.slice(0, 30)).toEqual([])
      expect(await foreignRows(s.db, null)).toEqual(before)
    }, 1_800_000)

    describe('lists', () => {
      it('answer every generated filter and sort set with 200 or a 4xx and a message, never 5xx', async () => {
        const lists = inventory.filter(isListRoute)
        expect(lists.length).toBeGreaterThan(60)
        const problems: string[] = []
        let tried = 0
        await each(
          lists,
          async (e) => {
            await fc.assert(
              fc.asyncProperty(listQueries(e.entity), async (query) => {
                tried++
                const r = await injectCall(s.app, 'GET', `/api${e.url.replace(/:(\w+)/g, 'x')}`, {
                  token,
                  query,
                })
                const ok =
                  r.status === 200 ||
                  (r.status >= 400 &&
                    r.status < 500 &&
                    typeof r.body?.msg === 'string' &&
                    r.body.msg)
                if (!ok)
                  problems.push(
                    `${e.url} ${JSON.stringify(query).slice(0, 160)} → ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`,
                  )
              }),
              { numRuns: RUNS, seed: SEED },
            )
          },
          4,
        )
        console.info(`generated list queries: ${tried} over ${lists.length} lists`)
        expect(problems.slice(0, 30)).toEqual([])
      }, 1_800_000)

      it('exports text that looks like a formula as text, never as a formula', async () => {
        const title = '=HYPERLINK("http://evil","click")'
        for (const t of [title, '+1+1', '-2+3', '@SUM(A1)'])
          expect(
            (
              await call(s.baseUrl, 'POST', '/api/blade-desk/notice/submit', {
                token,
                json: { title: t, category: 1, releaseTime: '2026-01-15 09:30:00', content: 'x' },
              })
            ).status,
          ).toBe(200)
        const res = await fetch(`${s.baseUrl}/api/blade-desk/notice/export`, {
          headers: { 'Blade-Auth': `bearer ${token}` },
        })
        const { unzipSync, strFromU8 } = await import('fflate')
        const sheet = strFromU8(
          unzipSync(new Uint8Array(await res.arrayBuffer()))['xl/worksheets/sheet1.xml']!,
        )
        expect(sheet).not.toContain('<f>')
        for (const t of [
          '=HYPERLINK(&quot;http://evil&quot;,&quot;click&quot;)',
          '+1+1',
          '-2+3',
          '@SUM(A1)',
        ])
          expect(sheet).toMatch(
            new RegExp(
              `t="inlineStr"><is><t xml:space="preserve">${t.replace(/[()+]/g, '\\$&')}</t>`,
            ),
          )
      })
    })
  }
}
