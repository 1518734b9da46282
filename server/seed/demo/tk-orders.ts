// Demo part: TikTok Shop order lines over the three months as Seller Center exports them (one row
// per order and SKU, the order's amount repeated on each), with a realistic mix of outcomes: most
// completed, cancels by the buyer, the seller and the system, returns/refunds and failed deliveries,
// and recent orders still on their way. The kept monthly summary (dmr_tk_order_month) follows
// through the TK order module's own code path, as an import of these lines would keep it.
import type { Insertable } from 'kysely'
import { returnTypeOf } from '../../../src/domain/order/tk-order.ts'
import { dynamic, type Row } from '../../crud/table.ts'
import { formatDateTime } from '../../core/dates.ts'
import { applyLineChanges } from '../../modules/tk-order/month-totals.ts'
import type { TkOrderTable } from '../../db/schema.ts'
import { DEPT_OFFICE, USER_OFFICE } from '../ids.ts'
import { demoDays, timeOn, type DemoDay } from './clock.ts'
import { handle, person, province } from './names.ts'
import { draws, type Draws } from './random.ts'
import { demoId, insertRows, made } from './rows.ts'
import type { DemoPart } from './types.ts'

type Outcome =
  | 'completed'
  | 'delivered'
  | 'shipped'
  | 'toShip'
  | 'unpaid'
  | 'byUser'
  | 'bySeller'
  | 'bySystem'
  | 'refund'
  | 'failed'

/** orderStatus, orderSubstatus, cancelRefundType, cancelBy of each outcome, as the export spells them. */
const COLUMNS: Record<Outcome, [string, string, string | null, string | null]> = {
  completed: ['Completed', 'Completed', null, null],
  delivered: ['Delivered', 'Delivered', null, null],
  shipped: ['Shipped', 'In transit', null, null],
  toShip: ['To ship', 'Awaiting shipment', null, null],
  unpaid: ['Unpaid', 'Unpaid', null, null],
  byUser: ['Canceled', 'Canceled', 'Cancel', 'User'],
  bySeller: ['Canceled', 'Canceled', 'Cancel', 'Seller'],
  bySystem: ['Canceled', 'Canceled', 'Cancel', 'System'],
  refund: ['Completed', 'Completed', 'Return/Refund', null],
  failed: ['Canceled', 'Delivery failed', 'Cancel', 'System'],
}

/** What has become of an order of that age. */
function outcomeOf(day: DemoDay, d: Draws): Outcome {
  if (day.daysAgo >= 10)
    return d.weighted([
      ['completed', 72],
      ['byUser', 8],
      ['bySeller', 3],
      ['bySystem', 3],
      ['refund', 8],
      ['failed', 4],
      ['delivered', 2],
    ])
  if (day.daysAgo >= 3)
    return d.weighted([
      ['completed', 30],
      ['delivered', 17],
      ['shipped', 25],
      ['toShip', 3],
      ['byUser', 9],
      ['bySeller', 3],
      ['bySystem', 3],
      ['refund', 5],
      ['failed', 5],
    ])
  return d.weighted([
    ['toShip', 35],
    ['shipped', 28],
    ['unpaid', 8],
    ['delivered', 5],
    ['byUser', 14],
    ['bySeller', 4],
    ['bySystem', 6],
  ])
}

const PAYMENTS = [
  ['Thanh toán khi nhận hàng', 55],
  ['Ví MoMo', 12],
  ['ZaloPay', 10],
  ['Thẻ tín dụng/Ghi nợ', 10],
  ['Chuyển khoản ngân hàng', 8],
  ['ShopeePay', 5],
] as const

interface Listing {
  skuId: string
  skuName: string
  price: number
}

export const demoTkOrders: DemoPart = {
  name: 'tk-orders',
  run: async ({ db, dialect, tenantId, today, random }) => {
    const d = draws(random)
    const products = await db
      .selectFrom('dmrProduct')
      .select(['skuNo', 'productName', 'productNameForeign', 'productPrice'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('skuNo')
      .execute()
    if (products.length === 0) return
    // The shop lists a part of the catalogue on TikTok, under TikTok's own SKU ids and Vietnamese names.
    const listings: Listing[] = d
      .sample(products, Math.max(1, Math.ceil(products.length * 0.6)))
      .map((p) => ({
        skuId: `17${demoId('tk-sku', tenantId, p.skuNo).slice(2)}`,
        skuName: p.productNameForeign ?? p.productName ?? p.skuNo,
        price:
          Math.floor((Number(p.productPrice ?? 0) * (0.85 + d.int(0, 15) / 100)) / 1000) * 1000,
      }))
    const listing = () => listings[Math.floor(listings.length * random() ** 1.6)]!
    const rows: Insertable<TkOrderTable>[] = []
    for (const day of demoDays(today)) {
      const count = Math.round(
        (20 + 12 * (1 - day.daysAgo / 90)) * (0.8 + d.int(0, 40) / 100) * (day.seconds / 86400),
      )
      for (let n = 0; n < count; n++) {
        const created = timeOn(day, d)
        const orderCreateTime = formatDateTime(created)
        const orderId = `57${day.date.slice(2).replaceAll('-', '')}${String(d.int(0, 99_999)).padStart(5, '0')}${String(n).padStart(5, '0')}`
        const outcome = outcomeOf(day, d)
        const [orderStatus, orderSubstatus, cancelRefundType, cancelBy] = COLUMNS[outcome]
        const picked = new Map<string, Listing>()
        const lineCount = Math.min(
          listings.length,
          d.weighted([
            [1, 70],
            [2, 22],
            [3, 8],
          ]),
        )
        while (picked.size < lineCount) {
          const l = listing()
          picked.set(l.skuId, l)
        }
        const lines = [...picked.values()].map((l) => {
          const quantity = d.weighted([
            [1, 78],
            [2, 17],
            [3, 5],
          ])
          const before = l.price * quantity
          const sellerDiscount = d.chance(0.4)
            ? Math.floor((before * d.int(5, 15)) / 100 / 1000) * 1000
            : 0
          const tkDiscount = d.chance(0.3)
            ? Math.min(before - sellerDiscount, d.money(5_000, 30_000))
            : 0
          return {
            l,
            quantity,
            before,
            sellerDiscount,
            tkDiscount,
            after: before - sellerDiscount - tkDiscount,
          }
        })
        const originalShippingFee = d.money(18_000, 38_000)
        const platformShippingDiscount = d.chance(0.6)
          ? originalShippingFee
          : d.money(0, originalShippingFee)
        const shippingFeeAfterDiscount = originalShippingFee - platformShippingDiscount
        const orderAmount = lines.reduce((s, x) => s + x.after, 0) + shippingFeeAfterDiscount
        const paymentMethod = d.weighted(PAYMENTS)
        const paid = paymentMethod !== PAYMENTS[0][0]
        const orderRefundAmount =
          outcome === 'refund' || (paid && cancelRefundType === 'Cancel') ? orderAmount : 0
        const imported = new Date(
          Math.min(
            today.getTime(),
            new Date(
              created.getFullYear(),
              created.getMonth(),
              created.getDate() + 1,
              10,
            ).getTime(),
          ),
        )
        const buyerUser = handle(person(d), d)
        const where = province(d)
        for (const x of lines) {
          rows.push({
            ...made(tenantId, USER_OFFICE, DEPT_OFFICE, formatDateTime(imported)),
            id: demoId('tk-order', tenantId, `${orderId}/${x.l.skuId}`),
            orderCreateTime,
            orderYearMonth: day.month,
            orderId,
            buyerUser,
            province: where.vi,
            orderStatus,
            orderSubstatus,
            cancelRefundType,
            returnType: returnTypeOf({ cancelRefundType, orderSubstatus }),
            cancelBy,
            skuId: x.l.skuId,
            skuName: x.l.skuName,
            quantity: x.quantity,
            originalPrice: x.l.price,
            subtotalBeforeDiscountPrice: x.before,
            tkDiscount: x.tkDiscount,
            sellerDiscount: x.sellerDiscount,
            subtotalAfter: x.after,
            shippingFeeAfterDiscount,
            originalShippingFee,
            platformShippingDiscount,
            orderAmount,
            orderRefundAmount,
            paymentMethod,
            orderImportDate: formatDateTime(imported),
          })
        }
      }
    }
    await insertRows(db, 'dmrTkOrder', rows)
    await applyLineChanges(dynamic(db), dialect, [], rows as unknown as Row[])
  },
}
