// Role and dept choices for the switch-dept/role dialog: those listed on one user (a user may only
// ask for themselves unless administrator), or without userId all of the caller's tenant.
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { isAdministrator, caller } from '../../auth/context.ts'
import { USER } from '../../core/access.ts'
import type { DB } from '../../db/schema.ts'
import { badRequest, forbidden, notFound, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { params, type Module } from '../../core/routes.ts'
import { idList } from './user-vo.ts'

/** The ids of `column` on the asked-for user, or null when no userId was given. */
async function idsOfUser(
  db: Kysely<DB>,
  req: FastifyRequest,
  column: 'roleId' | 'deptId',
): Promise<string[] | null> {
  const user = caller(req)
  const userId = params(req).userId ?? ''
  if (!userId) return null
  if (!isId(userId)) throw badRequest('请求参数格式错误: userId')
  if (userId !== user.userId && !isAdministrator(user)) throw forbidden('只能查询本人的角色与部门')
  const row = await db
    .selectFrom('bladeUser')
    .select(['roleId', 'deptId'])
    .where('id', '=', userId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
  if (!row) throw notFound('用户不存在')
  return idList(row[column])
}

export const selectModule: Module = ({ db }) => [
  {
    method: 'GET',
    url: '/blade-system/role/select',
    access: USER,
    handler: async (req) => {
      const ids = await idsOfUser(db, req, 'roleId')
      if (ids?.length === 0) return ok([])
      let q = db
        .selectFrom('bladeRole')
        .select(['id', 'tenantId', 'parentId', 'roleName', 'roleAlias', 'sort'])
        .where('isDeleted', '=', 0)
      q = ids ? q.where('id', 'in', ids) : q.where('tenantId', '=', caller(req).tenantId)
      return ok(await q.orderBy('sort').orderBy('id').execute())
    },
  },
  {
    method: 'GET',
    url: '/blade-system/dept/select',
    access: USER,
    handler: async (req) => {
      const ids = await idsOfUser(db, req, 'deptId')
      if (ids?.length === 0) return ok([])
      let q = db
        .selectFrom('bladeDept')
        .select([
          'id',
          'tenantId',
          'parentId',
          'ancestors',
          'deptCategory',
          'deptName',
          'fullName',
          'sort',
          'remark',
        ])
        .where('isDeleted', '=', 0)
      q = ids ? q.where('id', 'in', ids) : q.where('tenantId', '=', caller(req).tenantId)
      const rows = await q.orderBy('sort').orderBy('id').execute()
      return ok(
        rows.map((r) => ({
          ...r,
          deptCategory: r.deptCategory ?? -1,
          fullName: r.fullName ?? '',
          remark: r.remark ?? '',
        })),
      )
    },
  },
]
