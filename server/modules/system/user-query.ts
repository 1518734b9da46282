// User lists for the administration screens and the export: map filters (account, realName LIKE,
// status), a dept filter that takes in the dept's descendants, the caller's tenant (an
// administrator may name another), and UserVOs made in batches (names joined, never the password).
import type { Kysely, Selectable } from 'kysely'
import type { AuthUser } from '../../auth/context.ts'
import { user as userDef } from '../../../src/domain/system/user.ts'
import { allOf } from '../../crud/conditions.ts'
import { parsePage, parseSearchFilters } from '../../crud/filters.ts'
import type { DB, UserTable } from '../../db/schema.ts'
import { badRequest } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { readTenant } from './admin-support.ts'

export type UserRow = Selectable<UserTable> & { userExt?: string | null }

const names = (ids: string, byId: Map<string, string>) =>
  ids
    .split(',')
    .map((id) => byId.get(id))
    .filter(Boolean)
    .join(',')

/** UserVOs of rows of any tenants, with four queries in all. */
export async function userVOs(db: Kysely<DB>, rows: UserRow[]): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return []
  const tenants = [...new Set(rows.map((r) => r.tenantId))]
  const roles = new Map(
    (
      await db
        .selectFrom('bladeRole')
        .select(['id', 'roleName'])
        .where('tenantId', 'in', tenants)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((r) => [r.id, r.roleName]),
  )
  const depts = new Map(
    (
      await db
        .selectFrom('bladeDept')
        .select(['id', 'deptName'])
        .where('tenantId', 'in', tenants)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((r) => [r.id, r.deptName]),
  )
  const posts = new Map(
    (
      await db
        .selectFrom('bladePost')
        .select(['id', 'postName'])
        .where('tenantId', 'in', tenants)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((r) => [r.id, r.postName]),
  )
  const sexes = new Map(
    (
      await db
        .selectFrom('bladeDict')
        .select(['dictKey', 'dictValue'])
        .where('code', '=', 'sex')
        .where('parentId', '<>', '0')
        .where('isDeleted', '=', 0)
        .execute()
    ).map((r) => [r.dictKey, r.dictValue]),
  )
  return rows.map((u) => {
    const { password: _password, ...rest } = u
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(rest)) out[k] = v ?? (k === 'sex' ? -1 : '')
    return {
      ...out,
      roleName: names(u.roleId, roles),
      deptName: names(u.deptId, depts),
      postName: names(u.postId, posts),
      sexName: u.sex === null ? '' : (sexes.get(String(u.sex)) ?? ''),
    }
  })
}

/** The dept and every dept below it (by ancestors), in the tenant. */
async function deptAndBelow(db: Kysely<DB>, tenantId: string, deptId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bladeDept')
    .select(['id', 'ancestors'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .execute()
  return rows
    .filter((d) => d.id === deptId || d.ancestors.split(',').includes(deptId))
    .map((d) => d.id)
}

function filtered(
  db: Kysely<DB>,
  tenantId: string,
  p: Record<string, string>,
  deptIds: string[] | null,
) {
  if (p.status !== undefined && p.status !== '' && !/^\d+$/.test(p.status))
    throw badRequest('请求参数格式错误: status')
  // Declared search fields (account, realName LIKE; status equal) with their operator suffixes.
  const filters = parseSearchFilters(userDef, p)
  let q = db
    .selectFrom('bladeUser')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where((eb) => allOf(eb, filters))
  if (deptIds) {
    if (deptIds.length === 0) return q.where('id', '=', '-1')
    // dept_id is a comma list: match the id as one whole element of it.
    q = q.where((eb) =>
      eb.or(
        deptIds.flatMap((d) => [
          eb('deptId', '=', d),
          eb('deptId', 'like', `${d},%`),
          eb('deptId', 'like', `%,${d}`),
          eb('deptId', 'like', `%,${d},%`),
        ]),
      ),
    )
  }
  return q
}

export async function userPage(
  db: Kysely<DB>,
  user: AuthUser,
  p: Record<string, string>,
  pageOverride?: { current: number; size: number },
) {
  const { current, size } = pageOverride ?? parsePage(p)
  const tenantId = readTenant(user, p.tenantId)
  let deptIds: string[] | null = null
  if (p.deptId) {
    if (!isId(p.deptId)) throw badRequest('请求参数格式错误: deptId')
    deptIds = await deptAndBelow(db, tenantId, p.deptId)
  }
  const q = filtered(db, tenantId, p, deptIds)
  const total = Number(
    (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
  )
  const rows = (await q
    .selectAll()
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((current - 1) * size)
    .execute()) as UserRow[]
  return {
    records: await userVOs(db, rows),
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    orders: [],
    searchCount: true,
  }
}
