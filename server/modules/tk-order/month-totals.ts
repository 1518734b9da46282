// Keeps dmr_tk_order_month equal to monthsFromScratch (month-sql.ts) inside the transaction of every
// write of TK order lines: the orders the written lines belong to are summed as they were and as
// they are now (their other live lines read once, by the live key index), and the months get the
// difference. So a single submit reads one order's lines, not its month's 40,000.
import { sql, type Expression } from 'kysely'
import {
  CANCEL_BY,
  COMPLETED_STATUS,
  DELIVERY_FAILED_SUBSTATUS,
  REFUND_TYPE,
} from '../../../src/domain/order/tk-order.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import type { Dialect } from '../../db/database.ts'
import { lockNames } from '../../db/advisory-locks.ts'
import { MONTH_COUNTERS, type MonthCounter } from './month-sql.ts'

type Counters = Record<MonthCounter, number>

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '')
const SEP = '\u0000'
const zero = (): Counters => Object.fromEntries(MONTH_COUNTERS.map((c) => [c, 0])) as Counters

/** Sums of the given live lines per tenant and month, orders counted as monthsFromScratch counts them. */
function monthCounters(lines: Row[]): Map<string, Counters> {
  const orders = new Map<string, Row[]>()
  for (const line of lines) {
    const key = [line.tenantId, line.orderYearMonth, line.orderId].map(String).join(SEP)
    orders.set(key, [...(orders.get(key) ?? []), line])
  }
  const months = new Map<string, Counters>()
  for (const [key, own] of orders) {
    const month = key.slice(0, key.lastIndexOf(SEP))
    const any = (field: string, value: string) =>
      own.some((l) => lower(l[field]) === value.toLowerCase()) ? 1 : 0
    const amount = Math.max(...own.map((l) => Number(l.orderAmount ?? 0) || 0))
    const flags: [MonthCounter, MonthCounter, number][] = [
      ['completed_total', 'completed_amount', any('orderStatus', COMPLETED_STATUS)],
      ['refund_total', 'refund_amount', any('cancelRefundType', REFUND_TYPE)],
      [
        'delivery_failed_total',
        'delivery_failed_amount',
        any('orderSubstatus', DELIVERY_FAILED_SUBSTATUS),
      ],
      ['cancel_by_user_total', 'cancel_by_user_amount', any('cancelBy', CANCEL_BY[0])],
      ['cancel_by_seller_total', 'cancel_by_seller_amount', any('cancelBy', CANCEL_BY[1])],
      ['cancel_by_system_total', 'cancel_by_system_amount', any('cancelBy', CANCEL_BY[2])],
    ]
    const sums = months.get(month) ?? zero()
    sums.order_total += 1
    sums.order_amount += amount
    for (const [total, money, on] of flags) {
      sums[total] += on
      sums[money] += on * amount
    }
    months.set(month, sums)
  }
  return months
}

/**
 * Serialises the writers of these orders until the transaction ends (PostgreSQL, read committed):
 * two lines of one order written at once would otherwise each sum the order without the other and
 * count it twice. SQLite has a single writer already. Locks are taken in key order.
 */
export async function lockOrders(
  trx: AnyDb,
  dialect: Dialect,
  keys: { tenantId: string; orderId: string }[],
): Promise<void> {
  await lockNames(
    trx,
    dialect,
    keys.map((k) => `tk_order|${k.tenantId}|${k.orderId}`),
  )
}

/** The live lines of these orders, less the given ids (the lines being written). */
async function otherLines(
  trx: AnyDb,
  orders: Map<string, Set<string>>,
  except: Set<string>,
): Promise<Row[]> {
  const out: Row[] = []
  for (const [tenantId, ids] of orders) {
    const all = [...ids]
    for (let i = 0; i < all.length; i += 500) {
      const rows = (await trx
        .selectFrom('dmr_tk_order')
        .select([
          'id',
          'tenant_id',
          'order_year_month',
          'order_id',
          'order_status',
          'order_substatus',
          'cancel_refund_type',
          'cancel_by',
          'order_amount',
        ])
        .where('tenant_id', '=', tenantId)
        .where('order_id', 'in', all.slice(i, i + 500))
        .where('is_deleted', '=', 0)
        .execute()) as Row[]
      out.push(...rows.filter((r) => !except.has(String(r.id))))
    }
  }
  return out
}

/** Adds the months' differences to the kept table; months left without orders are dropped. */
async function addToMonths(
  trx: AnyDb,
  before: Map<string, Counters>,
  after: Map<string, Counters>,
): Promise<void> {
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [tenantId, month] = key.split(SEP) as [string, string]
    const was = before.get(key) ?? zero()
    const now = after.get(key) ?? zero()
    const delta = Object.fromEntries(
      MONTH_COUNTERS.map((c) => [c, Math.round((now[c] - was[c]) * 100) / 100]),
    ) as Counters
    if (MONTH_COUNTERS.every((c) => delta[c] === 0)) continue
    const added: Record<string, Expression<number>> = Object.fromEntries(
      MONTH_COUNTERS.map((c) => [
        c,
        sql<number>`${sql.ref(`dmr_tk_order_month.${c}`)} + ${sql.ref(`excluded.${c}`)}`,
      ]),
    )
    await trx
      .insertInto('dmr_tk_order_month')
      .values({ tenant_id: tenantId, order_year_month: month, ...delta })
      .onConflict((oc) => oc.columns(['tenant_id', 'order_year_month']).doUpdateSet(added))
      .execute()
    await trx
      .deleteFrom('dmr_tk_order_month')
      .where('tenant_id', '=', tenantId)
      .where('order_year_month', '=', month)
      .where('order_total', '<=', 0)
      .execute()
  }
}

/**
 * The written lines changed from `before` (as they were, live) to `after` (as they are now, live;
 * removed lines are in neither): the months of their orders follow. Call after the lines are stored.
 */
export async function applyLineChanges(
  trx: AnyDb,
  dialect: Dialect,
  before: Row[],
  after: Row[],
): Promise<void> {
  const written = [...before, ...after]
  if (written.length === 0) return
  const orders = new Map<string, Set<string>>()
  for (const line of written)
    orders.set(
      String(line.tenantId),
      (orders.get(String(line.tenantId)) ?? new Set()).add(String(line.orderId)),
    )
  await lockOrders(
    trx,
    dialect,
    written.map((l) => ({ tenantId: String(l.tenantId), orderId: String(l.orderId) })),
  )
  const others = await otherLines(trx, orders, new Set(written.map((l) => String(l.id))))
  await addToMonths(
    trx,
    monthCounters([...others, ...before]),
    monthCounters([...others, ...after]),
  )
}
