// Post choices for the user form (docs/contract.md §10.4): the posts of the caller's tenant, or of the
// tenant an administrator names.
import { USER } from '../../core/access.ts'
import { ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, type Module } from '../../core/routes.ts'
import { readTenant } from './admin-support.ts'

export const postSelectModule: Module = ({ db }) => [
  {
    method: 'GET',
    url: '/blade-system/post/select',
    access: USER,
    handler: async (req) => {
      const tenantId = readTenant(caller(req), params(req).tenantId)
      const rows = await db
        .selectFrom('bladePost')
        .select(['id', 'postName', 'postCode', 'category', 'sort'])
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .orderBy('sort')
        .orderBy('id')
        .execute()
      return ok(rows.map((r) => ({ ...r, category: r.category ?? -1 })))
    },
  },
]
