// Fee options and TK fees (/api/blade-tkfee): the generic endpoints with the rules a declaration
// cannot say (a fee option has a name in at least one language and is not removed while a TK fee
// uses it; a TK fee names a live fee option of its tenant and is not zero), and the fee option
// select, which TK fee keepers use too (they pick from it without managing fee options).
import { feeOption } from '../../../src/domain/order/fee-option.ts'
import { tkFee } from '../../../src/domain/order/tk-fee.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import { badRequest, ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import type { Module } from '../../core/routes.ts'

export const MSG_FEE_OPTION_NAME = '请至少填写费用选项的中文或英文名称'
export const MSG_FEE_OPTION_USED = '费用选项已被TK费用使用，不能删除'
export const MSG_FEE_OPTION_UNKNOWN = '费用选项不存在'
export const MSG_FEE_ZERO = '费用金额不能为0'

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== ''

function requireName({ values, existing }: WriteContext) {
  const cn = 'fee_oprion_cn' in values ? values.fee_oprion_cn : existing?.feeOprionCn
  const en = 'fee_option_en' in values ? values.fee_option_en : existing?.feeOptionEn
  if (!filled(cn) && !filled(en)) throw badRequest(MSG_FEE_OPTION_NAME)
}

async function checkTkFee({ trx, values, existing, input, user }: WriteContext) {
  const tenantId = existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
  const optionId = String(values.fee_option_id ?? existing?.feeOptionId ?? '')
  const option = await trx
    .selectFrom(feeOption.table)
    .select('id')
    .where('id', '=', optionId)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()
  if (!option) throw badRequest(MSG_FEE_OPTION_UNKNOWN)
  const amount = 'fee_amount' in values ? values.fee_amount : existing?.feeAmount
  if (Number(amount) === 0) throw badRequest(MSG_FEE_ZERO)
}

export const tkFeeCrud: Record<string, CrudOptions> = {
  [feeOption.name]: {
    beforeWrite: requireName,
    beforeRemove: async ({ trx, user, ids }) => {
      const used = await trx
        .selectFrom(tkFee.table)
        .select('id')
        .where('fee_option_id', 'in', ids)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
      if (used) throw badRequest(MSG_FEE_OPTION_USED)
    },
  },
  [tkFee.name]: { beforeWrite: checkTkFee },
}

export const tkFeeModule: Module = (ctx) => [
  {
    method: 'GET',
    url: `${feeOption.api}/select`,
    access: { kind: 'anyButton', codes: [feeOption.permission, tkFee.permission] },
    handler: async (req) => {
      const rows = await ctx.db
        .selectFrom('dmrFeeOption')
        .select(['id', 'feeOptionEn', 'feeOprionCn'])
        .where('tenantId', '=', caller(req).tenantId)
        .where('isDeleted', '=', 0)
        .orderBy('feeOptionEn')
        .orderBy('id')
        .limit(500)
        .execute()
      return ok(
        rows.map((r) => ({
          ...r,
          feeOptionEn: r.feeOptionEn ?? '',
          feeOprionCn: r.feeOprionCn ?? '',
        })),
      )
    },
  },
]
