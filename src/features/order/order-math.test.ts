// The order form's preview figures match the server's rule (order-rules.ts): line amounts and the
// total in whole cents, missing fees counting as 0, a line without a price counting as nothing.
import { describe, expect, it } from 'vitest'
import { lineAmount, orderTotalOf } from './order-math'

describe('order form figures', () => {
  it('a line is quantity × unit price, or nothing while either is missing', () => {
    expect(lineAmount({ quantity: 2, unitPrice: 120000 })).toBe(240000)
    expect(lineAmount({ quantity: 7, unitPrice: 19999.99 })).toBe(139999.93)
    expect(lineAmount({ quantity: 3, unitPrice: 0.1 })).toBe(0.3)
    expect(lineAmount({ quantity: '', unitPrice: 5 })).toBeNull()
    expect(lineAmount({ quantity: 1, unitPrice: null })).toBeNull()
  })

  it('the total is Σ lines + shipping − discount, exact in cents', () => {
    const lines = [
      { quantity: 2, unitPrice: 120000 },
      { quantity: 1, unitPrice: 850000 },
      { quantity: 1, unitPrice: '' },
    ]
    expect(orderTotalOf(lines, 30000, 20000)).toBe(1100000)
    expect(orderTotalOf(lines, '', null)).toBe(1090000)
    expect(
      orderTotalOf(
        [
          { quantity: 3, unitPrice: 0.1 },
          { quantity: 3, unitPrice: 0.2 },
        ],
        0,
        0,
      ),
    ).toBe(0.9)
    expect(orderTotalOf([], 10000, 30000)).toBe(-20000)
  })
})
