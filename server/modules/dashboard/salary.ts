// The salary card: this month's and last month's salary cost (Σ of the months' salary rows, every
// source, and of their customer-service and MCN salaries), by the salary month (detailDate), not by
// the day it was entered.
import { salaryCostOfMonth } from '../salary/cost.ts'
import { extraSalaryCostOfMonth } from '../salary-extra/cost.ts'
import type { AppContext } from '../../core/routes.ts'
import type { DashboardDay } from './today.ts'

/** yyyy-MM of the month before `month`. */
function monthBefore(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

const costOfMonth = async (ctx: AppContext, tenantId: string, month: string) =>
  (await salaryCostOfMonth(ctx.db, tenantId, month)) +
  (await extraSalaryCostOfMonth(ctx.db, tenantId, month))

export async function salaryCost(
  ctx: AppContext,
  tenantId: string,
  day: DashboardDay,
): Promise<{ monthCost: number; lastMonthCost: number }> {
  const [monthCost, lastMonthCost] = await Promise.all([
    costOfMonth(ctx, tenantId, day.month),
    costOfMonth(ctx, tenantId, monthBefore(day.month)),
  ])
  return { monthCost, lastMonthCost }
}
