import { describe, expect, it } from 'vitest'
import { formatCompact, formatNumber, groupThousands } from './format.ts'

describe('formatNumber (docs/product.md §9 display formats)', () => {
  it('vnd: whole dong with thousand separators and the dong sign', () => {
    expect(formatNumber('vnd', 1234567)).toBe('1,234,567 ₫')
    expect(formatNumber('vnd', '999.6')).toBe('1,000 ₫')
    expect(formatNumber('vnd', -2500)).toBe('-2,500 ₫')
  })
  it('w: floored with a W suffix', () => {
    expect(formatNumber('w', 12.99)).toBe('12W')
    expect(formatNumber('w', '10000')).toBe('10000W')
  })
  it('percent, percent2, sku, minutes', () => {
    expect(formatNumber('percent', 30)).toBe('30%')
    expect(formatNumber('percent2', 12.345)).toBe('12.35%')
    expect(formatNumber('sku', 3)).toBe('3 SKU')
    expect(formatNumber('minutes', 180)).toBe('180 分钟')
    expect(formatNumber('minutes', 45, { minutes: 'min' })).toBe('45 min')
  })
  it('kFollowers: thousands with one decimal and K', () => {
    expect(formatNumber('kFollowers', 12345)).toBe('12.3K')
    expect(formatNumber('kFollowers', 12000)).toBe('12K')
    expect(formatNumber('kFollowers', 500)).toBe('0.5K')
  })
  it('kb: bytes to KB with two decimals', () => {
    expect(formatNumber('kb', 1536)).toBe('1.50 KB')
    expect(formatNumber('kb', 512000)).toBe('500.00 KB')
  })
  it('floor: whole numbers, grouped', () => {
    expect(formatNumber('floor', 1234567.89)).toBe('1,234,567')
    expect(formatNumber('floor', -0.5)).toBe('-1')
  })
  it('empty stays empty; non-numbers are shown as they came', () => {
    expect(formatNumber('vnd', null)).toBe('')
    expect(formatNumber('vnd', '')).toBe('')
    expect(formatNumber('w', 'n/a')).toBe('n/a')
  })
  it('groupThousands keeps decimals', () => {
    expect(groupThousands(1234.5)).toBe('1,234.5')
    expect(groupThousands(999)).toBe('999')
    expect(groupThousands(1000, 2)).toBe('1,000.00')
  })
  it('formatCompact: chart ticks with K, M, B and one decimal at most', () => {
    expect(formatCompact(0)).toBe('0')
    expect(formatCompact(999)).toBe('999')
    expect(formatCompact(1500)).toBe('1.5K')
    expect(formatCompact(2_300_000)).toBe('2.3M')
    expect(formatCompact(4_000_000_000)).toBe('4B')
    expect(formatCompact(-12_000)).toBe('-12K')
  })
})
