// The rules of customer-service and MCN salary writes a declaration cannot say: the employee is a
// live employee of the row's tenant (its name copied), one live row per month and employee (MCN:
// and anchor account), the computed parts (salary-extra-math.ts) and, for MCN, giftValue from the
// anchor's gift details of the month, all computed here whatever the request says, and a total
// below zero refused. An update computes again from the row as it will be (giftValue from the gift
// details as they are now).
import {
  csAmounts,
  mcnAmounts,
  salaryExtraMessages,
} from '../../../src/domain/finance/salary-extra-math.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { Row } from '../../crud/table.ts'
import { badRequest } from '../../core/envelope.ts'
import { EMPLOYEE_TABLE } from '../employee/employee-rules.ts'
import { anchorMonthGifts } from './anchor-gifts.ts'
import { lockNames } from '../../db/advisory-locks.ts'

const MSG_EMPLOYEE_GONE = '员工不存在或已删除'
const MSG_CS_TAKEN = (month: string, name: string) => `${name} ${month} 的客服工资已存在`
const MSG_MCN_TAKEN = (month: string, name: string, anchorId: string) =>
  `${name} ${month} 主播 ${anchorId} 的MCN工资已存在`

/** The column's value after this write: the new one when the write sets it, else the stored one. */
const after = ({ values, existing }: WriteContext, column: string, field: string): unknown =>
  column in values ? values[column] : existing?.[field]

const tenantOfWrite = ({ user, existing, input }: WriteContext): string =>
  existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })

/** The live employee of the tenant, or a 400. */
async function employeeOf(w: WriteContext, tenantId: string, id: string): Promise<Row> {
  const e = (await w.trx
    .selectFrom(EMPLOYEE_TABLE)
    .select(['id', 'dmr_emp_vn_name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()) as Row | undefined
  if (!e) throw badRequest(`${MSG_EMPLOYEE_GONE}: ${id.slice(0, 20)}`)
  return e
}

/**
 * Whether another live row has the key; on PostgreSQL a lock on the key, held to the end of the
 * transaction, makes a concurrent write of the same key wait and then see this one.
 */
async function keyTaken(
  w: WriteContext,
  table: string,
  tenantId: string,
  key: Record<string, string>,
): Promise<boolean> {
  await lockNames(w.trx, w.ctx.dialect, [[table, tenantId, ...Object.values(key)].join('\u0001')])
  let q = w.trx
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
  for (const [column, value] of Object.entries(key)) q = q.where(column, '=', value)
  if (w.existing) q = q.where('id', '<>', String(w.existing.id))
  return !!(await q.executeTakeFirst())
}

function refuseNegative(total: number): void {
  if (total < 0) throw badRequest(sourceText(salaryExtraMessages.negativeTotal))
}

async function beforeCsWrite(w: WriteContext): Promise<void> {
  const tenantId = tenantOfWrite(w)
  const month = String(after(w, 'detail_date', 'detailDate'))
  const e = await employeeOf(w, tenantId, String(after(w, 'dmr_emp_id', 'dmrEmpId')))
  if (
    await keyTaken(w, 'dmr_salary_cs', tenantId, { detail_date: month, dmr_emp_id: String(e.id) })
  )
    throw badRequest(MSG_CS_TAKEN(month, String(e.dmrEmpVnName)))
  const a = csAmounts({
    orderCount: after(w, 'order_count', 'orderCount'),
    commissionPerOrder: after(w, 'commission_per_order', 'commissionPerOrder'),
    baseAmount: after(w, 'base_amount', 'baseAmount'),
    bonusAmount: after(w, 'bonus_amount', 'bonusAmount'),
    deductionAmount: after(w, 'deduction_amount', 'deductionAmount'),
  })
  refuseNegative(a.totalAmount)
  Object.assign(w.values, {
    dmr_emp_vn_name: e.dmrEmpVnName,
    commission_amount: a.commissionAmount,
    total_amount: a.totalAmount,
  })
}

async function beforeMcnWrite(w: WriteContext): Promise<void> {
  const tenantId = tenantOfWrite(w)
  const month = String(after(w, 'detail_date', 'detailDate'))
  const anchorId = String(after(w, 'anchor_id', 'anchorId')).trim()
  const e = await employeeOf(w, tenantId, String(after(w, 'dmr_emp_id', 'dmrEmpId')))
  if (
    await keyTaken(w, 'dmr_salary_mcn', tenantId, {
      detail_date: month,
      dmr_emp_id: String(e.id),
      anchor_id: anchorId,
    })
  )
    throw badRequest(MSG_MCN_TAKEN(month, String(e.dmrEmpVnName), anchorId))
  const gifts = await anchorMonthGifts(w.trx, tenantId, anchorId, month)
  const a = mcnAmounts({
    giftValue: gifts.giftValue,
    giftRate: after(w, 'gift_rate', 'giftRate'),
    salesAmount: after(w, 'sales_amount', 'salesAmount'),
    salesRate: after(w, 'sales_rate', 'salesRate'),
    baseAmount: after(w, 'base_amount', 'baseAmount'),
  })
  refuseNegative(a.totalAmount)
  Object.assign(w.values, {
    anchor_id: anchorId,
    dmr_emp_vn_name: e.dmrEmpVnName,
    anchor_name: gifts.anchorName || null,
    gift_value: gifts.giftValue,
    gift_commission: a.giftCommission,
    sales_commission: a.salesCommission,
    total_amount: a.totalAmount,
  })
}

export const csRules: CrudOptions = { beforeWrite: beforeCsWrite }
export const mcnRules: CrudOptions = { beforeWrite: beforeMcnWrite }
