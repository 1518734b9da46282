import { describe, expect, it } from 'vitest'
import { csAmounts, mcnAmounts } from './finance/salary-extra-math.ts'
import { exactDecimal, flooredAmount, flooredProduct } from './floor-money.ts'
import { amountVndOf } from './reconciliation/reconciliation-money.ts'

describe('exact money, floored once (docs/product.md §9)', () => {
  it('reads decimals exactly, from numbers and text', () => {
    expect(exactDecimal('12.34')).toEqual({ num: 1234n, scale: 2 })
    expect(exactDecimal(-0.5)).toEqual({ num: -5n, scale: 1 })
    expect(exactDecimal(1e-7)).toEqual({ num: 1n, scale: 7 })
    for (const bad of ['', null, undefined, 'abc', '1,5', Infinity, true])
      expect(exactDecimal(bad)).toBeNull()
  })

  it('floors a product where doubles would be off by one', () => {
    // 0.29 × 100 is 28.999999999999996 in doubles.
    expect(flooredProduct([0.29, 100])).toBe(29)
    expect(flooredProduct([1234.56, 25450.5])).toBe(31420169)
    expect(flooredProduct([239472, 7.77], 100)).toBe(18606)
    // Towards −∞, not towards zero.
    expect(flooredProduct([-1.5, 1])).toBe(-2)
    expect(flooredProduct(['x', 1])).toBeNull()
    expect(flooredAmount('99999.99')).toBe(99999)
    expect(flooredAmount(null)).toBe(0)
  })

  it('prices a detail in đồng: VND at 1 whatever the rate says', () => {
    expect(amountVndOf(99999.99, 'VND', 5)).toBe(99999)
    expect(amountVndOf(3333.33, 'CNY', 3520.75)).toBe(11735821)
    expect(amountVndOf(10, 'USD', null)).toBeNull()
  })

  it('computes the CS and MCN salary figures', () => {
    expect(
      csAmounts({
        orderCount: 321,
        commissionPerOrder: 1500,
        baseAmount: 6000000,
        bonusAmount: 250000,
        deductionAmount: 100000,
      }),
    ).toEqual({ commissionAmount: 481500, totalAmount: 6631500 })
    expect(
      mcnAmounts({
        giftValue: 239472,
        giftRate: 7.77,
        salesAmount: 123456789,
        salesRate: 2.5,
        baseAmount: 8000000,
      }),
    ).toEqual({ giftCommission: 18606, salesCommission: 3086419, totalAmount: 11105025 })
    expect(mcnAmounts({})).toEqual({ giftCommission: 0, salesCommission: 0, totalAmount: 0 })
  })
})
