// Demo reconciliation and customer-service / MCN salaries: last month's statement with
// about forty details in VND, USD and CNY (TikTok Shop settlements, bank transfers, ads billed in
// USD, supplier purchases in CNY, cash, last month's salaries when the salary part wrote them), its
// totals kept by the reconciliation module; and last month's CS salaries for a few employees and
// MCN salaries for the anchors who had gifts, every figure computed by the same rules as a submit.
// Runs after the employees and gifts parts: without employees there are no salaries, without gifts
// no MCN rows; a month that already has its statement or salaries is left as it is.
import {
  amountVndOf,
  CATEGORY_EXPENSE,
  CATEGORY_INCOME,
  rateOf,
  type Currency,
} from '../../../src/domain/reconciliation/reconciliation-money.ts'
import { csAmounts, mcnAmounts } from '../../../src/domain/finance/salary-extra-math.ts'
import { dynamic, type AnyDb, type Row } from '../../crud/table.ts'
import { formatDateTime } from '../../core/dates.ts'
import { nextId } from '../../core/ids.ts'
import { refreshTotals } from '../../modules/reconciliation/statement-totals.ts'
import { salaryCostOfMonth } from '../../modules/salary/cost.ts'
import { anchorMonthGifts, monthRange } from '../../modules/salary-extra/anchor-gifts.ts'
import { extraSalaryCostOfMonth } from '../../modules/salary-extra/cost.ts'
import type { DemoContext, DemoPart } from './types.ts'

const pad = (n: number) => String(n).padStart(2, '0')
const dateOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!
const between = (random: () => number, min: number, max: number, step = 1) =>
  min + step * Math.floor(random() * ((max - min) / step + 1))

interface DemoLine {
  day: number
  category: number
  source: string
  currency: Currency
  amount: number
  rate?: number
  description: string
}

/** Last month's money: settlements and transfers in, ads, purchases, fees, cash and salaries out. */
function statementLines(random: () => number, lastDay: number, salaries: number): DemoLine[] {
  const usd = () => between(random, 25_280, 25_480) + pick(random, [0, 0.25, 0.5, 0.75])
  const cny = () => between(random, 3_480, 3_530) + pick(random, [0, 0.2, 0.5, 0.8])
  const lines: DemoLine[] = []
  // TikTok Shop settles every few days.
  for (let day = 3; day <= lastDay; day += between(random, 3, 5))
    lines.push({
      day,
      category: CATEGORY_INCOME,
      source: 'tiktok_settlement',
      currency: 'VND',
      amount: between(random, 60_000_000, 220_000_000, 1000),
      description: `TikTok Shop 结算 ${pad(day)}`,
    })
  for (let i = 0; i < 4; i++)
    lines.push({
      day: between(random, 1, lastDay),
      category: CATEGORY_INCOME,
      source: 'bank',
      currency: 'VND',
      amount: between(random, 5_000_000, 60_000_000, 1000),
      description: pick(random, [
        'Khách sỉ chuyển khoản',
        'Đối tác thanh toán',
        'Hoàn tiền nhà cung cấp',
        'Chuyển khoản đơn hàng Zalo',
      ]),
    })
  lines.push({
    day: lastDay,
    category: CATEGORY_INCOME,
    source: 'bank',
    currency: 'VND',
    amount: between(random, 80_000, 400_000),
    description: 'Lãi tiền gửi',
  })
  lines.push({
    day: between(random, 5, lastDay),
    category: CATEGORY_INCOME,
    source: 'other',
    currency: 'USD',
    amount: between(random, 300, 1_200) + pick(random, [0, 0.5, 0.99]),
    rate: usd(),
    description: 'Affiliate commission (USD)',
  })
  // Ads are billed in USD, purchases from Chinese suppliers in CNY.
  for (let i = 0; i < 7; i++)
    lines.push({
      day: between(random, 1, lastDay),
      category: CATEGORY_EXPENSE,
      source: 'ads',
      currency: 'USD',
      amount: between(random, 150, 1_200) + pick(random, [0, 0.25, 0.49, 0.9]),
      rate: usd(),
      description: pick(random, [
        'TikTok Ads 充值',
        'Facebook Ads',
        'TikTok Promote',
        'Google Ads',
      ]),
    })
  for (let i = 0; i < 6; i++)
    lines.push({
      day: between(random, 1, lastDay),
      category: CATEGORY_EXPENSE,
      source: 'bank',
      currency: 'CNY',
      amount: between(random, 3_000, 25_000) + pick(random, [0, 0.5, 0.8]),
      rate: cny(),
      description: pick(random, [
        '1688 供应商货款',
        '义乌面料采购',
        '广州辅料采购',
        '包装材料采购',
      ]),
    })
  for (let i = 0; i < 4; i++)
    lines.push({
      day: between(random, 1, lastDay),
      category: CATEGORY_EXPENSE,
      source: 'cash',
      currency: 'VND',
      amount: between(random, 300_000, 6_000_000, 1000),
      description: pick(random, [
        'Phí vận chuyển nội thành',
        'Mua văn phòng phẩm',
        'Tiền điện nước',
        'Tiếp khách',
      ]),
    })
  lines.push({
    day: between(random, 1, 10),
    category: CATEGORY_EXPENSE,
    source: 'other',
    currency: 'VND',
    amount: between(random, 25_000_000, 45_000_000, 1_000_000),
    description: 'Tiền thuê kho',
  })
  for (let i = 0; i < 2; i++)
    lines.push({
      day: between(random, 1, lastDay),
      category: CATEGORY_EXPENSE,
      source: 'bank',
      currency: 'VND',
      amount: pick(random, [11_000, 22_000, 55_000]),
      description: 'Phí quản lý tài khoản',
    })
  if (salaries > 0)
    lines.push({
      day: lastDay,
      category: CATEGORY_EXPENSE,
      source: 'salary',
      currency: 'VND',
      amount: salaries,
      description: '上月工资发放',
    })
  return lines
}

async function writeStatement(
  db: AnyDb,
  ctx: DemoContext,
  monthStart: Date,
  month: string,
): Promise<void> {
  const lastDay = new Date(monthStart.getFullYear(), monthStart.getMonth() + 1, 0).getDate()
  const statementDate = `${month}-${pad(lastDay)}`
  const have = await db
    .selectFrom('dmr_reconciliation_statement')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('statement_date', '=', statementDate)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()
  if (have) return
  const salaries =
    (await salaryCostOfMonth(ctx.db, ctx.tenantId, month)) +
    (await extraSalaryCostOfMonth(ctx.db, ctx.tenantId, month))
  const t = formatDateTime(ctx.today)
  const statementId = nextId()
  await db
    .insertInto('dmr_reconciliation_statement')
    .values({
      id: statementId,
      tenant_id: ctx.tenantId,
      statement_date: statementDate,
      created_at: t,
      updated_at: t,
      is_deleted: 0,
      version: 1,
    })
    .execute()
  const rows = statementLines(ctx.random, lastDay, Math.floor(salaries)).map((l) => {
    const transactionDate = `${month}-${pad(l.day)}`
    const recordDate = dateOf(
      new Date(
        monthStart.getFullYear(),
        monthStart.getMonth(),
        l.day + (ctx.random() < 0.3 ? 1 : 0),
      ),
    )
    return {
      id: nextId(),
      tenant_id: ctx.tenantId,
      statement_id: statementId,
      transaction_date: transactionDate,
      record_date: recordDate > dateOf(ctx.today) ? transactionDate : recordDate,
      category: l.category,
      source: l.source,
      currency: l.currency,
      amount: l.amount,
      exchange_rate: rateOf(l.currency, l.rate),
      amount_vnd: amountVndOf(l.amount, l.currency, l.rate),
      description: l.description,
      import_ref: null,
      created_at: t,
      update_at: t,
      is_deleted: 0,
      version: 1,
    }
  })
  await db.insertInto('dmr_reconciliation_detail').values(rows).execute()
  await refreshTotals(db, [statementId])
}

const base = (ctx: DemoContext, time: string) => ({
  tenant_id: ctx.tenantId,
  create_user: null,
  create_dept: null,
  create_time: time,
  update_user: null,
  update_time: time,
  status: 1,
  is_deleted: 0,
  version: 1,
})

async function writeSalaries(db: AnyDb, ctx: DemoContext, month: string): Promise<void> {
  const { random, tenantId } = ctx
  const employees = (await db
    .selectFrom('dmr_employee')
    .select(['id', 'dmr_emp_vn_name'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('dmr_emp_status', '=', 0)
    .orderBy('dmr_emp_vn_name')
    .orderBy('id')
    .execute()) as Row[]
  if (employees.length === 0) return
  const t = formatDateTime(ctx.today)
  const haveCs = await db
    .selectFrom('dmr_salary_cs')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('detail_date', '=', month)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()
  const cs = employees.slice(0, 4)
  if (!haveCs) {
    const rows = cs.map((e) => {
      const input = {
        orderCount: between(random, 650, 1_600),
        commissionPerOrder: pick(random, [1_000, 1_200, 1_500, 2_000]),
        baseAmount: between(random, 5_500_000, 7_000_000, 100_000),
        bonusAmount: random() < 0.5 ? pick(random, [300_000, 500_000, 1_000_000]) : 0,
        deductionAmount: random() < 0.25 ? pick(random, [50_000, 100_000, 200_000]) : 0,
      }
      const a = csAmounts(input)
      return {
        id: nextId(),
        ...base(ctx, t),
        detail_date: month,
        dmr_emp_id: e.id,
        dmr_emp_vn_name: e.dmrEmpVnName,
        order_count: input.orderCount,
        commission_per_order: input.commissionPerOrder,
        commission_amount: a.commissionAmount,
        base_amount: input.baseAmount,
        bonus_amount: input.bonusAmount,
        deduction_amount: input.deductionAmount,
        total_amount: a.totalAmount,
        remark: null,
      }
    })
    if (rows.length) await db.insertInto('dmr_salary_cs').values(rows).execute()
  }
  const haveMcn = await db
    .selectFrom('dmr_salary_mcn')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('detail_date', '=', month)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()
  const hosts = employees.slice(cs.length)
  if (haveMcn || hosts.length === 0) return
  const { from, to } = monthRange(month)
  const anchors = (await db
    .selectFrom('dmr_gift_detail')
    .select('anchor_id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('send_gift_time', '>=', from)
    .where('send_gift_time', '<=', to)
    .where('anchor_id', 'is not', null)
    .groupBy('anchor_id')
    .orderBy('anchor_id')
    .limit(hosts.length)
    .execute()) as Row[]
  const rows = []
  for (const [i, anchor] of anchors.entries()) {
    const e = hosts[i]!
    const gifts = await anchorMonthGifts(db, tenantId, String(anchor.anchorId), month)
    const input = {
      liveHours: between(random, 40, 120) + pick(random, [0, 0.5]),
      giftRate: pick(random, [10, 15, 20]),
      salesAmount: between(random, 50_000_000, 400_000_000, 1000),
      salesRate: pick(random, [2, 2.5, 3, 5]),
      baseAmount: between(random, 5_000_000, 9_000_000, 500_000),
    }
    const a = mcnAmounts({ ...input, giftValue: gifts.giftValue })
    rows.push({
      id: nextId(),
      ...base(ctx, t),
      detail_date: month,
      dmr_emp_id: e.id,
      dmr_emp_vn_name: e.dmrEmpVnName,
      anchor_id: String(anchor.anchorId),
      anchor_name: gifts.anchorName || null,
      live_hours: input.liveHours,
      gift_value: gifts.giftValue,
      gift_rate: input.giftRate,
      gift_commission: a.giftCommission,
      sales_amount: input.salesAmount,
      sales_rate: input.salesRate,
      sales_commission: a.salesCommission,
      base_amount: input.baseAmount,
      total_amount: a.totalAmount,
      remark: null,
    })
  }
  if (rows.length) await db.insertInto('dmr_salary_mcn').values(rows).execute()
}

export const financeExtraDemo: DemoPart = {
  name: 'reconciliation and CS/MCN salaries',
  run: async (ctx) => {
    const db = dynamic(ctx.db)
    const monthStart = new Date(ctx.today.getFullYear(), ctx.today.getMonth() - 1, 1)
    const month = `${monthStart.getFullYear()}-${pad(monthStart.getMonth() + 1)}`
    // Salaries first: the statement books last month's salary cost when there is one.
    await writeSalaries(db, ctx, month)
    await writeStatement(db, ctx, monthStart, month)
  },
}
