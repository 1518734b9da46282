// The customer-service and MCN salary figures (this project's own: docs/product.md §3), as the
// server stores them: every computed part floored to whole đồng (docs/product.md §9) in exact
// decimal arithmetic.
//   CS:  commissionAmount = ⌊orderCount × commissionPerOrder⌋,
//        totalAmount = baseAmount + commissionAmount + bonusAmount − deductionAmount.
//   MCN: giftCommission = ⌊giftValue × giftRate / 100⌋, salesCommission = ⌊salesAmount × salesRate / 100⌋,
//        totalAmount = baseAmount + giftCommission + salesCommission.
// giftValue is the server's: the anchor's gift details of the month in đồng (server/modules/salary-extra).
import { msg } from '@lingui/core/runtime-macro'
import { flooredAmount, flooredProduct } from '../floor-money.ts'

export const salaryExtraMessages = {
  negativeTotal: msg`实发工资不能为负数：扣款大于应发金额`,
}

export interface CsAmounts {
  commissionAmount: number
  totalAmount: number
}

export function csAmounts(r: {
  orderCount?: unknown
  commissionPerOrder?: unknown
  baseAmount?: unknown
  bonusAmount?: unknown
  deductionAmount?: unknown
}): CsAmounts {
  const commissionAmount = flooredProduct([r.orderCount ?? 0, r.commissionPerOrder ?? 0]) ?? 0
  const totalAmount =
    flooredAmount(r.baseAmount) +
    commissionAmount +
    flooredAmount(r.bonusAmount) -
    flooredAmount(r.deductionAmount)
  return { commissionAmount, totalAmount }
}

export interface McnAmounts {
  giftCommission: number
  salesCommission: number
  totalAmount: number
}

export function mcnAmounts(r: {
  giftValue?: unknown
  giftRate?: unknown
  salesAmount?: unknown
  salesRate?: unknown
  baseAmount?: unknown
}): McnAmounts {
  const giftCommission = flooredProduct([r.giftValue ?? 0, r.giftRate ?? 0], 100) ?? 0
  const salesCommission = flooredProduct([r.salesAmount ?? 0, r.salesRate ?? 0], 100) ?? 0
  return {
    giftCommission,
    salesCommission,
    totalAmount: flooredAmount(r.baseAmount) + giftCommission + salesCommission,
  }
}
