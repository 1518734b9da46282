// Data scopes and API scopes granted to roles (blade_role_scope: category 1 data, 2 api).
// API scope: when scope rows cover a request path, a caller needs one of them granted.
// Data scope: when a caller's roles hold data scopes for an entity's permission code, its rows are
// narrowed to what those scopes allow (docs/contract.md §10.9); several roles widen, never narrow.
import { sql, type Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { cachedLookup, type LookupSource } from './access-cache.ts'
import { isAdministrator, type AuthUser } from './context.ts'

const SCOPE_DATA = 1
const SCOPE_API = 2

/** True when no API scope covers the path, or the caller holds one that does. */
export async function apiScopeAllows(
  { db, accessCache }: LookupSource,
  user: AuthUser,
  path: string,
): Promise<boolean> {
  if (isAdministrator(user)) return true
  const key = `api|${user.roleIds.join(',')}|${path}`
  return cachedLookup(accessCache, 'permission', key, async () => {
    const covering = await sql<{
      id: string
    }>`select id from blade_api_scope where is_deleted = 0 and scope_path <> '' and ${path} like scope_path || '%'`.execute(
      db,
    )
    if (covering.rows.length === 0) return true
    if (user.roleIds.length === 0) return false
    const held = await db
      .selectFrom('bladeRoleScope')
      .select('scopeId')
      .where('scopeCategory', '=', SCOPE_API)
      .where('roleId', 'in', user.roleIds)
      .where(
        'scopeId',
        'in',
        covering.rows.map((r) => r.id),
      )
      .executeTakeFirst()
    return !!held
  })
}

/** One allowed set: rows whose column is one of the values. */
export interface DataScopeRule {
  column: string
  values: string[]
}

/**
 * The caller's data scope for a resource: null = every row; otherwise the rows matching ANY rule
 * (an empty list means none). Types: 1 all, 2 own rows, 3 own depts, 4 own depts and below,
 * 5 custom: scopeValue lists dept or user ids (comma-separated) for the scope column.
 */
export async function dataScopeFor(
  { db, accessCache }: LookupSource,
  user: AuthUser,
  resourceCode: string,
): Promise<DataScopeRule[] | null> {
  if (isAdministrator(user) || user.roleIds.length === 0) return null
  // The rules depend on the caller's roles, id and departments; cached until a permission table changes.
  return cachedLookup(
    accessCache,
    'permission',
    `data|${user.roleIds.join(',')}|${user.userId}|${user.deptIds.join(',')}|${resourceCode}`,
    () => readDataScope(db, user, resourceCode),
  )
}

async function readDataScope(
  db: Kysely<DB>,
  user: AuthUser,
  resourceCode: string,
): Promise<DataScopeRule[] | null> {
  const scopes = await sql<{
    scopeType: number
    scopeColumn: string | null
    scopeValue: string | null
  }>`
    select s.scope_type as "scopeType", s.scope_column as "scopeColumn", s.scope_value as "scopeValue"
    from blade_data_scope s join blade_role_scope rs on rs.scope_id = s.id and rs.scope_category = ${SCOPE_DATA}
    where s.is_deleted = 0 and s.resource_code = ${resourceCode} and rs.role_id in (${sql.join(user.roleIds)})`.execute(
    db,
  )
  if (scopes.rows.length === 0) return null
  const rules: DataScopeRule[] = []
  for (const s of scopes.rows) {
    const type = Number(s.scopeType)
    if (type === 1) return null
    const column = /^[a-z_]+$/.test(s.scopeColumn ?? '')
      ? s.scopeColumn!
      : type === 2
        ? 'create_user'
        : 'create_dept'
    if (type === 2) rules.push({ column, values: [user.userId] })
    else if (type === 3) rules.push({ column, values: user.deptIds })
    else if (type === 4) rules.push({ column, values: await withDescendants(db, user.deptIds) })
    else if (type === 5)
      rules.push({
        column,
        values: (s.scopeValue ?? '')
          .split(',')
          .map((v) => v.trim())
          .filter((v) => /^\d{1,19}$/.test(v)),
      })
  }
  return rules
}

async function withDescendants(db: Kysely<DB>, deptIds: string[]): Promise<string[]> {
  if (deptIds.length === 0) return []
  const out = new Set(deptIds)
  const rows = await db
    .selectFrom('bladeDept')
    .select(['id', 'ancestors'])
    .where('isDeleted', '=', 0)
    .execute()
  for (const r of rows)
    if (r.ancestors.split(',').some((a) => out.has(a) || deptIds.includes(a))) out.add(r.id)
  return [...out]
}
