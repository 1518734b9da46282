// Set-up and the cross-tenant check of the security suite (security-checks.ts has the pieces): a
// second tenant whose administrator holds every button a tenant may hold, rows with known secret
// values, and every route of the inventory sent as that administrator against tenant 000000's rows.
import { type Kysely, sql } from 'kysely'
import { entities } from '../../src/domain/registry.ts'
import type { DB } from '../../server/db/schema.ts'
import type { InventoryEntry } from '../../server/http/inventory.ts'
import type { RouteSample } from '../../server/core/routes.ts'
import { call } from './http.ts'
import { loginAs } from './login.ts'
import { sampleRecord } from './samples.ts'
import { each, foreignRows, headerProblems, send, type Target } from './security-checks.ts'

export interface SecuritySetup {
  admin: string
  otherTenant: string
  otherAdmin: string
  /** Every value no answer may carry: secrets set through the API, password hashes, server keys. */
  secretValues: () => Promise<string[]>
}

const SECRET_ROWS = [
  { entity: 'oss', field: 'secretKey' },
  { entity: 'sms', field: 'secretKey' },
  { entity: 'client', field: 'clientSecret' },
  { entity: 'datasource', field: 'password' },
]

export async function securitySetup(baseUrl: string, db: Kysely<DB>): Promise<SecuritySetup> {
  const admin = (await loginAs(baseUrl, 'admin', 'admin')).access_token
  const t = await call(baseUrl, 'POST', '/api/blade-system/tenant/submit', {
    token: admin,
    json: { tenantName: `安全测试${Date.now()}`, linkman: 'x' },
  })
  if (t.status !== 200) throw new Error(`tenant: ${JSON.stringify(t.body)}`)
  const otherTenant = t.body.data.tenantId as string
  const otherAdmin = (await loginAs(baseUrl, 'admin', '123456', otherTenant)).access_token
  const written: string[] = []
  for (const c of SECRET_ROWS) {
    const def = entities.find((e) => e.name === c.entity)!
    const value = `write-only-${c.entity}-${Date.now()}`
    const body: Record<string, unknown> = {
      ...(await sampleRecord(def, baseUrl, admin, `sec-${c.entity}`)),
      [c.field]: value,
    }
    if (c.entity === 'client') body.clientId = `sec-client-${Date.now()}`
    const r = await call(baseUrl, 'POST', `/api${def.api}/submit`, { token: admin, json: body })
    if (r.status !== 200) throw new Error(`${c.entity}: ${JSON.stringify(r.body)}`)
    written.push(value)
  }
  return {
    admin,
    otherTenant,
    otherAdmin,
    secretValues: async () => {
      const hashes = (await db.selectFrom('bladeUser').select('password').execute()).map(
        (u) => u.password,
      )
      const keys = (await db.selectFrom('bladeServerKey').select('value').execute())
        .map((k) => k.value)
        .filter((v) => v.length >= 20)
      // Long values are matched by a part that cannot occur by chance (PEM keys are wrapped).
      return [
        ...written,
        ...hashes,
        ...keys.map((k) =>
          k
            .replace(/-----[A-Z ]+-----/g, '')
            .replace(/\s/g, '')
            .slice(40, 80),
        ),
      ]
    },
  }
}

/** Ids of tenant 000000's rows in every table that has a tenant, by table (the first few of each). */
async function platformTenantIds(db: Kysely<DB>): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  for (const t of await db.introspection.getTables()) {
    const columns = t.columns.map((c) => c.name)
    if (
      !columns.includes('tenant_id') ||
      !columns.includes('id') ||
      t.name === 'blade_tenant' ||
      t.name.startsWith('blade_log_')
    )
      continue
    const rows = (
      await sql<{
        id: string
      }>`select id from ${sql.table(t.name)} where tenant_id = '000000' order by id`.execute(db)
    ).rows
    if (rows.length)
      out.set(
        t.name,
        rows.map((r) => String(r.id)),
      )
  }
  return out
}

/** Every id-like number in the rows of one tenant, whatever the column. */
async function idsInRowsOf(db: Kysely<DB>, tenantId: string): Promise<Set<string>> {
  const out = new Set<string>()
  for (const t of await db.introspection.getTables()) {
    if (!t.columns.some((c) => c.name === 'tenant_id')) continue
    const rows = (
      await sql`select * from ${sql.table(t.name)} where tenant_id = ${tenantId}`.execute(db)
    ).rows
    for (const m of JSON.stringify(rows).matchAll(/\d{15,19}/g)) out.add(m[0])
  }
  return out
}

const ID_PARAMS = [
  'id',
  'ids',
  'userIds',
  'userId',
  'roleIds',
  'topMenuIds',
  'deptId',
  'parentId',
  'kolId',
  'stockTakingId',
]

/** The route's sample aimed at tenant 000000: its ids, and tenantId/tenant_id/Tenant-Id naming it. */
function aimed(
  e: InventoryEntry,
  sample: RouteSample | null,
  ids: Map<string, string[]>,
): RouteSample {
  const own = (e.entity && ids.get(e.entity.table)) ?? [...ids.values()][0] ?? []
  const swap = (o: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...o, tenantId: '000000', tenant_id: '000000' }
    for (const k of ID_PARAMS)
      if (k in out && own[0]) {
        out[k] = Array.isArray(out[k]) ? [own[0]] : own[0]
      }
    return out
  }
  const json =
    sample?.json && typeof sample.json === 'object' && !Array.isArray(sample.json)
      ? swap(sample.json as Record<string, unknown>)
      : sample?.json
  return { query: swap(sample?.query ?? {}) as Record<string, string>, json }
}

/** Problems found sending every route as another tenant's administrator (empty: none). */
export async function crossTenantProblems(
  target: Target,
  inventory: InventoryEntry[],
  setup: SecuritySetup,
): Promise<string[]> {
  const ids = await platformTenantIds(target.db)
  const markers = new Set([...ids.values()].flat())
  const before = await foreignRows(target.db, setup.otherTenant)
  const problems: string[] = []
  // Logging out would end the caller's own session mid-suite: those go last.
  const routes = inventory.filter((e) => e.access.kind !== 'public')
  const ordered = [
    ...routes.filter((e) => !e.url.endsWith('/logout')),
    ...routes.filter((e) => e.url.endsWith('/logout')),
  ]
  const answers: { route: string; text: string }[] = []
  await each(
    ordered,
    async (e) => {
      const sample = aimed(e, e.sample, ids)
      const a = await send(target, e, sample, {
        token: setup.otherAdmin,
        headers: { 'Tenant-Id': '000000' },
      })
      if (a.status >= 500) problems.push(`${e.method} ${e.url} → ${a.status}`)
      if (a.status === 401 && !e.url.endsWith('/logout'))
        problems.push(`${e.method} ${e.url} → 401 (the suite's session ended early)`)
      const missing = headerProblems(a)
      if (missing.length) problems.push(`${e.method} ${e.url}: no ${missing.join(', ')}`)
      answers.push({ route: `${e.method} ${e.url}`, text: a.text })
    },
    4,
  )
  // An id the other tenant's own rows hold (who created them, what its requests named, as its
  // logs record) is no leak; any other id of a tenant-000000 row in an answer is.
  const known = await idsInRowsOf(target.db, setup.otherTenant)
  for (const { route, text } of answers)
    for (const id of markers)
      if (!known.has(id) && text.includes(id))
        problems.push(`${route} answers row ${id} of tenant 000000`)
  const after = await foreignRows(target.db, setup.otherTenant)
  for (const [table, fingerprint] of Object.entries(before))
    if (after[table] !== fingerprint) problems.push(`rows of other tenants changed in ${table}`)
  return problems
}
