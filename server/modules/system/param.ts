// Parameters are per tenant: a tenant's own row of a key wins, else the platform's row
// (tenant 000000) is the default. A key is unique among a tenant's live rows.
import { PLATFORM_TENANT_ID } from '../../db/platform-menus.ts'
import type { CrudOptions } from '../../crud/options.ts'
import type { AnyDb } from '../../crud/table.ts'
import { badRequest } from '../../core/envelope.ts'

export async function paramValue(db: AnyDb, tenantId: string, key: string): Promise<string | null> {
  const rows = (await db
    .selectFrom('blade_param')
    .select(['tenant_id as tenantId', 'param_value as value'])
    .where('param_key', '=', key)
    .where('is_deleted', '=', 0)
    .where('tenant_id', 'in', [tenantId, PLATFORM_TENANT_ID])
    .execute()) as { tenantId: string; value: string | null }[]
  return (
    (
      rows.find((r) => r.tenantId === tenantId) ??
      rows.find((r) => r.tenantId === PLATFORM_TENANT_ID)
    )?.value ?? null
  )
}

export const paramCrud: Record<string, CrudOptions> = {
  param: {
    beforeWrite: async ({ trx, values, existing, user, input }) => {
      const key = values.param_key ?? existing?.paramKey
      const tenantId =
        existing?.tenantId ??
        (typeof input.tenantId === 'string' && input.tenantId ? input.tenantId : user.tenantId)
      let q = trx
        .selectFrom('blade_param')
        .select('id')
        .where('param_key', '=', String(key))
        .where('tenant_id', '=', String(tenantId))
        .where('is_deleted', '=', 0)
      if (existing) q = q.where('id', '<>', String(existing.id))
      if (await q.executeTakeFirst()) throw badRequest('参数键名已存在')
    },
  },
}
