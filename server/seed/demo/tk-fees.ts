// Demo part: what TikTok Shop charged in each month of the demo, by fee option, worked out from the
// month's TK orders at TikTok's usual Vietnamese rates, and the commissions credited back for some
// returned orders (negative fees of one order).
import type { Insertable } from 'kysely'
import { formatDateTime } from '../../core/dates.ts'
import type { TkFeeTable } from '../../db/schema.ts'
import { DEPT_FINANCE, USER_FINANCE } from '../ids.ts'
import { draws } from './random.ts'
import { demoId, insertRows, made } from './rows.ts'
import type { DemoPart } from './types.ts'

/** A fee option's monthly charge from the month's completed amount and completed orders. */
const CHARGES: Record<string, { rate: number; perOrder: number; remark: string }> = {
  'Commission fee': { rate: 0.04, perOrder: 0, remark: '类目佣金 4% / Phí hoa hồng 4%' },
  'Transaction fee': { rate: 0.05, perOrder: 0, remark: '交易手续费 5% / Phí giao dịch 5%' },
  'Shipping fee': {
    rate: 0,
    perOrder: 4_000,
    remark: '卖家承担运费 / Phí vận chuyển người bán chịu',
  },
  'Affiliate commission': {
    rate: 0.03,
    perOrder: 0,
    remark: '达人带货佣金 / Hoa hồng tiếp thị liên kết',
  },
  'Voucher Xtra service fee': { rate: 0.015, perOrder: 0, remark: 'Voucher Xtra 1.5%' },
  'SFP service fee': { rate: 0.02, perOrder: 0, remark: '运费补贴计划 2% / Phí dịch vụ SFP 2%' },
}

const COMMISSION = 'Commission fee'

export const demoTkFees: DemoPart = {
  name: 'tk-fees',
  run: async ({ db, tenantId, today, random }) => {
    const d = draws(random)
    const options = await db
      .selectFrom('dmrFeeOption')
      .select(['id', 'feeOptionEn'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .execute()
    const months = await db
      .selectFrom('dmrTkOrderMonth')
      .select(['orderYearMonth', 'completedTotal', 'completedAmount'])
      .where('tenantId', '=', tenantId)
      .orderBy('orderYearMonth')
      .execute()
    const thisMonth = formatDateTime(today).slice(0, 7)
    const rows: Insertable<TkFeeTable>[] = []
    for (const m of months) {
      // The current month is charged at the settlement after it ends.
      if (m.orderYearMonth >= thisMonth) continue
      const time = `${m.orderYearMonth}-28 16:00:00`
      for (const o of options) {
        const charge = CHARGES[String(o.feeOptionEn)]
        if (!charge) continue
        const feeAmount = Math.floor(
          Number(m.completedAmount) * charge.rate + Number(m.completedTotal) * charge.perOrder,
        )
        if (feeAmount === 0) continue
        rows.push({
          ...made(tenantId, USER_FINANCE, DEPT_FINANCE, time),
          id: demoId('tk-fee', tenantId, `${m.orderYearMonth}/${o.id}`),
          feeMonth: m.orderYearMonth,
          feeOptionId: o.id,
          orderId: null,
          feeAmount,
          remark: charge.remark,
        })
      }
    }
    // Commissions credited back on some returned orders.
    const commission = options.find((o) => o.feeOptionEn === COMMISSION)
    const returned = commission
      ? await db
          .selectFrom('dmrTkOrder')
          .select(['orderId', 'orderYearMonth', 'orderAmount'])
          .distinct()
          .where('tenantId', '=', tenantId)
          .where('returnType', '=', 'Return/Refund')
          .where('isDeleted', '=', 0)
          .orderBy('orderId')
          .execute()
      : []
    for (const r of d.sample(returned, 25)) {
      const feeAmount = -Math.floor(Number(r.orderAmount) * CHARGES[COMMISSION]!.rate)
      if (feeAmount === 0) continue
      rows.push({
        ...made(tenantId, USER_FINANCE, DEPT_FINANCE, `${r.orderYearMonth}-28 16:30:00`),
        id: demoId('tk-fee', tenantId, `refund/${r.orderId}`),
        feeMonth: r.orderYearMonth,
        feeOptionId: commission!.id,
        orderId: r.orderId,
        feeAmount,
        remark: '退货返还佣金 / Hoàn phí hoa hồng đơn trả hàng',
      })
    }
    await insertRows(db, 'dmrTkFee', rows)
  },
}
