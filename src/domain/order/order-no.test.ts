// Generated order numbers: DH + yyMMdd of the order time + the day's next 4-digit sequence; other
// numbers of the day (typed by hand) do not count, and the day ends at 9999.
import { describe, expect, it } from 'vitest'
import { nextOrderNo, orderNoDay, orderNoSeq } from './order-no.ts'

describe('order numbers', () => {
  it('takes the day of the order time', () => {
    expect(orderNoDay('2026-03-08 10:30:00')).toBe('DH260308')
    expect(orderNoDay('2031-12-31')).toBe('DH311231')
  })

  it('counts only the day’s generated numbers', () => {
    expect(orderNoSeq('DH260308', 'DH2603080042')).toBe(42)
    expect(orderNoSeq('DH260308', 'DH26030800421')).toBeNull()
    expect(orderNoSeq('DH260308', 'DH260308ABCD')).toBeNull()
    expect(orderNoSeq('DH260308', 'DH2603090001')).toBeNull()
  })

  it('follows the highest, from 0001, until 9999', () => {
    expect(nextOrderNo('DH260308', [])).toBe('DH2603080001')
    expect(
      nextOrderNo('DH260308', ['DH2603080002', 'SHOPEE-77', 'DH2603080010', 'DH2603090500']),
    ).toBe('DH2603080011')
    expect(nextOrderNo('DH260308', ['DH2603089999'])).toBeNull()
  })
})
