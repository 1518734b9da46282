// Helpers shared by the hand-written system administration modules: comma id lists, tenant choice
// and tree walks (the forests are server/crud/tree.ts).
import type { Kysely } from 'kysely'
import { isAdministrator, type AuthUser } from '../../auth/context.ts'
import { hasButton } from '../../auth/guard.ts'
import type { DB } from '../../db/schema.ts'
import { badRequest, forbidden } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'

/** A comma list (or JSON array) of ids; empty → 400 with `emptyMsg`. */
export function idList(raw: unknown, name: string, emptyMsg = '请至少选择一条数据'): string[] {
  const parts = Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(',')
  const ids = [...new Set(parts.map((s) => s.trim()).filter(Boolean))]
  if (ids.length === 0) throw badRequest(emptyMsg)
  if (!ids.every(isId)) throw badRequest(`请求参数格式错误: ${name}`)
  return ids
}

/** Like idList, but an empty list is allowed (grants that clear everything). */
export function optionalIdList(raw: unknown, name: string): string[] {
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0))
    return []
  return idList(raw, name)
}

/** The tenant a read is about: an administrator may name another one. */
export function readTenant(user: AuthUser, asked: string | undefined): string {
  if (asked && isAdministrator(user)) return asked
  return user.tenantId
}

/** Refuses rows of another tenant unless the caller is the administrator. */
export function assertOwnTenant(user: AuthUser, tenantIds: string[], what: string): void {
  if (isAdministrator(user)) return
  if (tenantIds.some((t) => t !== user.tenantId)) throw forbidden(`无权操作非本租户的${what}`)
}

/** `id` and every node below it, through parent links. */
export function descendantsOf(rows: { id: string; parentId: string }[], id: string): Set<string> {
  const out = new Set<string>([id])
  let grew = true
  while (grew) {
    grew = false
    for (const r of rows) {
      if (out.has(r.id) || !out.has(r.parentId)) continue
      out.add(r.id)
      grew = true
    }
  }
  return out
}

export const like = (v: string) => `%${v}%`

/** A comma list column contains `id` (blade_user.role_id / dept_id / post_id). */
export const csvHas = (csv: string | null | undefined, id: string) =>
  (csv ?? '').split(',').includes(id)

/** Inside a write transaction (never ctx.db there: SQLite has one connection). */
export async function requireButton(trx: Kysely<DB>, user: AuthUser, code: string): Promise<void> {
  if (!(await hasButton({ db: trx }, user, code))) throw forbidden()
}
