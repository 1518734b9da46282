// The security suite over the route inventory, shared by the per-database contract test
// and the two-process test: every non-public route refuses bad tokens, every guarded route refuses
// a role without its button, another tenant reads and changes nothing of tenant 000000, no answer
// carries a write-only value, and every answer has the security headers.
import { createHash } from 'node:crypto'
import { SignJWT } from 'jose'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../server/db/schema.ts'
import { isTextIndexTable } from '../../server/db/text-indexes.ts'
import type { InventoryEntry } from '../../server/http/inventory.ts'
import type { RouteSample } from '../../server/core/routes.ts'

export interface Answer {
  status: number
  text: string
  headers: Headers
}

/** Where requests go: one base URL, or several processes taken in turn. */
export interface Target {
  baseUrls: string[]
  db: Kysely<DB>
}

let turn = 0
export async function send(
  target: Target,
  e: Pick<InventoryEntry, 'method' | 'url'>,
  sample: RouteSample | null,
  opts: { token?: string; headers?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<Answer> {
  const base = target.baseUrls[turn++ % target.baseUrls.length]!
  const url = new URL(`/api${e.url.replace(/:(\w+)/g, 'x')}`, base)
  for (const [k, v] of Object.entries({ ...(sample?.query ?? {}), ...(opts.query ?? {}) }))
    url.searchParams.set(k, v)
  const headers: Record<string, string> = { ...(opts.headers ?? {}) }
  if (opts.token) headers['Blade-Auth'] = `bearer ${opts.token}`
  let body: string | undefined
  if (e.method === 'POST' && sample?.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(sample.json)
  }
  const res = await fetch(url, { method: e.method, headers, body })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

/** Runs `fn` over the entries, a few at a time. */
export async function each<T>(
  items: T[],
  fn: (item: T) => Promise<void>,
  width = 8,
): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn))
}

/** Headers every answer carries (server/http/security-headers.ts). */
export function headerProblems(a: Answer): string[] {
  const out: string[] = []
  const csp = a.headers.get('content-security-policy') ?? ''
  if (!csp.includes("frame-ancestors 'self'")) out.push('CSP frame-ancestors')
  if (!csp.includes("default-src 'self'")) out.push('CSP default-src')
  if (a.headers.get('x-content-type-options') !== 'nosniff') out.push('nosniff')
  if (!a.headers.get('referrer-policy')) out.push('referrer-policy')
  return out
}

// Tables whose rows change as a side effect of any request (logs, sessions, counters) or of the
// server running at all (the job scheduler's process heartbeats), or that only the test writes to.
const VOLATILE = new Set([
  'blade_job_worker',
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  'kysely_migration',
  'kysely_migration_lock',
  'blade_login_failure',
  'blade_captcha',
  'blade_session',
  'blade_refresh_token',
  'blade_rate_hit',
  'blade_idempotency',
  'blade_download_ticket',
  'blade_sms_code',
])

/**
 * A fingerprint of every row the caller of `otherTenant` must not touch: rows of other tenants in
 * tenant tables, every row of shared tables, and role links of other tenants' roles.
 */
export async function foreignRows(
  db: Kysely<DB>,
  otherTenant: string | null,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const t of await db.introspection.getTables()) {
    // Trigram index tables (FTS5) hold index entries of every tenant's rows, not rows.
    if (VOLATILE.has(t.name) || isTextIndexTable(t.name)) continue
    const columns = t.columns.map((c) => c.name)
    let query = sql`select * from ${sql.table(t.name)}`
    if (otherTenant && columns.includes('tenant_id'))
      query = sql`select * from ${sql.table(t.name)} where tenant_id <> ${otherTenant}`
    else if (otherTenant && columns.includes('role_id') && !columns.includes('tenant_id'))
      query = sql`select x.* from ${sql.table(t.name)} x join blade_role r on r.id = x.role_id where r.tenant_id <> ${otherTenant}`
    else if (otherTenant && t.name === 'blade_top_menu_setting')
      query = sql`select x.* from blade_top_menu_setting x join blade_top_menu m on m.id = x.top_menu_id where m.tenant_id <> ${otherTenant}`
    const rows = (await query.execute(db)).rows.map((r) => JSON.stringify(r)).sort()
    out[t.name] =
      `${rows.length}:${createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16)}`
  }
  return out
}

/** Access tokens the server must refuse: no session, tampered, alg none, expired (signed with its key). */
export async function forgedTokens(
  valid: string,
  secret: Uint8Array,
): Promise<Record<string, string>> {
  const [header, payload] = valid.split('.') as [string, string, string]
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const expired = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(secret)
  return {
    tampered: `${header}.${b64({ ...claims, role_name: 'administrator', account: 'someone-else' })}.${valid.split('.')[2]}`,
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    expired,
    garbage: 'not-a-jwt',
  }
}
