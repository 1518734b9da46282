// UserVO (docs/contract.md §8.1) of one user row: never the password hash; nulls written by type
// (strings '', numbers -1, docs/contract.md §2.2); roleName/deptName/postName comma-joined, sexName from dict sex.
import type { Kysely, Selectable } from 'kysely'
import type { DB, UserTable } from '../../db/schema.ts'

export const idList = (csv: string) => csv.split(',').filter(Boolean)

/** Names in the order of `ids`, skipping unknown or deleted rows. */
const joinNames = (ids: string[], rows: { id: string; name: string }[]) =>
  ids
    .map((id) => rows.find((r) => r.id === id)?.name)
    .filter(Boolean)
    .join(',')

export async function toUserVO(
  db: Kysely<DB>,
  u: Selectable<UserTable>,
): Promise<Record<string, unknown>> {
  const { password: _password, ...rest } = u
  const roleIds = idList(u.roleId)
  const deptIds = idList(u.deptId)
  const postIds = idList(u.postId)
  const roles = roleIds.length
    ? await db
        .selectFrom('bladeRole')
        .select(['id', 'roleName as name'])
        .where('id', 'in', roleIds)
        .where('isDeleted', '=', 0)
        .execute()
    : []
  const depts = deptIds.length
    ? await db
        .selectFrom('bladeDept')
        .select(['id', 'deptName as name'])
        .where('id', 'in', deptIds)
        .where('isDeleted', '=', 0)
        .execute()
    : []
  const posts = postIds.length
    ? await db
        .selectFrom('bladePost')
        .select(['id', 'postName as name'])
        .where('id', 'in', postIds)
        .where('isDeleted', '=', 0)
        .execute()
    : []
  const sex =
    u.sex === null
      ? undefined
      : await db
          .selectFrom('bladeDict')
          .select('dictValue')
          .where('code', '=', 'sex')
          .where('dictKey', '=', String(u.sex))
          .where('parentId', '<>', '0')
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(rest)) out[k] = v ?? (k === 'sex' ? -1 : '')
  return {
    ...out,
    roleName: joinNames(roleIds, roles),
    deptName: joinNames(deptIds, depts),
    postName: joinNames(postIds, posts),
    sexName: sex?.dictValue ?? '',
  }
}
