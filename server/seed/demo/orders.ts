// Demo part: our own orders over the three months, a few dozen a day growing slowly, busier at
// weekends, with item lines of the tenant's products. Line amounts and the order total come from
// the order module's own functions (quantity × unitPrice; Σ lines + shipping − discount), so the
// demo rows are what the order screen would have saved.
import type { Insertable } from 'kysely'
import type { OrderTable } from '../../db/schema.ts'
import type { OrderItemTable } from '../../db/schema-orders.ts'
import { formatDateTime } from '../../core/dates.ts'
import { linesOf, orderTotal } from '../../modules/order/order-rules.ts'
import { DEPT_OFFICE, USER_OFFICE } from '../ids.ts'
import { demoDays, timeOn, type DemoDay } from './clock.ts'
import { address, mobile, person, province } from './names.ts'
import { draws, type Draws } from './random.ts'
import { demoId, insertRows, made } from './rows.ts'
import type { DemoPart } from './types.ts'

interface Sellable {
  skuNo: string
  productName: string | null
  productPrice: number
}

const CHANNELS = [
  ['tiktok_shop', 34],
  ['shopee', 26],
  ['lazada', 10],
  ['facebook', 10],
  ['zalo', 8],
  ['website', 7],
  ['tiki', 3],
  ['offline', 2],
] as const

/** The status an order of that age has most likely reached. */
function statusOf(day: DemoDay, d: Draws): string {
  if (day.daysAgo >= 14)
    return d.weighted([
      ['completed', 84],
      ['cancelled', 10],
      ['refunded', 6],
    ])
  if (day.daysAgo >= 4)
    return d.weighted([
      ['completed', 55],
      ['shipped', 30],
      ['cancelled', 9],
      ['refunded', 4],
      ['paid', 2],
    ])
  return d.weighted([
    ['pending_payment', 20],
    ['paid', 35],
    ['shipped', 30],
    ['completed', 5],
    ['cancelled', 10],
  ])
}

const REMARKS = [
  'Giao giờ hành chính',
  '请尽快发货',
  'Gọi trước khi giao',
  '礼品包装',
  'Không giao thứ Bảy',
]

export const demoOrders: DemoPart = {
  name: 'orders',
  run: async ({ db, tenantId, today, random }) => {
    const d = draws(random)
    const products = (
      await db
        .selectFrom('dmrProduct')
        .select(['skuNo', 'productName', 'productPrice'])
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .orderBy('skuNo')
        .execute()
    ).map((p) => ({ ...p, productPrice: Number(p.productPrice ?? 0) }))
    if (products.length === 0) return
    // Best sellers first: an early index in this shuffled list is drawn far more often.
    const ranked: Sellable[] = d.sample(products, products.length)
    const product = () => ranked[Math.floor(ranked.length * random() ** 1.8)]!
    const orders: Insertable<OrderTable>[] = []
    const items: Insertable<OrderItemTable>[] = []
    for (const day of demoDays(today)) {
      const growth = 26 + 14 * (1 - day.daysAgo / 90)
      const weekend = day.weekday === 0 || day.weekday === 6 ? 1.25 : 1
      const count = Math.round(
        growth * weekend * (0.75 + d.int(0, 50) / 100) * (day.seconds / 86400),
      )
      const times = Array.from({ length: count }, () => timeOn(day, d)).sort(
        (a, b) => a.getTime() - b.getTime(),
      )
      times.forEach((time, n) => {
        const orderNo = `DH${day.date.slice(2).replaceAll('-', '')}${String(n + 1).padStart(4, '0')}`
        const orderTime = formatDateTime(time)
        const picked = new Map<string, Sellable>()
        const lineCount = d.weighted([
          [1, 60],
          [2, 25],
          [3, 10],
          [4, 5],
        ])
        while (picked.size < Math.min(lineCount, ranked.length)) {
          const p = product()
          picked.set(p.skuNo, p)
        }
        const lines = linesOf(
          [...picked.values()].map((p) => ({
            skuNo: p.skuNo,
            name: p.productName,
            quantity: d.weighted([
              [1, 70],
              [2, 20],
              [3, 7],
              [5, 3],
            ]),
            unitPrice: d.chance(0.1)
              ? Math.floor((p.productPrice * 0.9) / 1000) * 1000
              : p.productPrice,
          })),
        )
        const channel = d.weighted(CHANNELS)
        const subtotal = orderTotal(lines, 0, 0)
        const shippingFee = channel === 'offline' || d.chance(0.35) ? 0 : d.money(15_000, 40_000)
        const discount = d.chance(0.65)
          ? 0
          : Math.min(
              subtotal,
              d.pick([10_000, 20_000, 30_000, 50_000, Math.floor((subtotal * 0.1) / 1000) * 1000]),
            )
        const buyer = person(d)
        const where = province(d)
        const id = demoId('order', tenantId, orderNo)
        orders.push({
          ...made(tenantId, USER_OFFICE, DEPT_OFFICE, orderTime),
          id,
          orderNo,
          orderTime,
          channel,
          orderStatus: statusOf(day, d),
          buyerName: buyer.name,
          buyerPhone: mobile(d),
          province: channel === 'offline' ? '胡志明市 Hồ Chí Minh' : where.label,
          address: channel === 'offline' ? null : address(d, where),
          shippingFee,
          discount,
          orderAmount: orderTotal(lines, shippingFee, discount),
          remark: d.chance(0.3) ? d.pick(REMARKS) : null,
        })
        lines.forEach((l, i) =>
          items.push({
            id: demoId('order-item', tenantId, `${orderNo}/${i + 1}`),
            tenantId,
            orderId: id,
            orderNo,
            orderTime,
            lineNo: i + 1,
            skuNo: l.skuNo,
            name: l.name,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            amount: l.amount,
          }),
        )
      })
    }
    await insertRows(db, 'dmrOrder', orders)
    await insertRows(db, 'dmrOrderItem', items)
  },
}
