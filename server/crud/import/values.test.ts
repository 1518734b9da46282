import { describe, expect, it } from 'vitest'
import { tkOrder } from '../../../src/domain/order/tk-order.ts'
import { product } from '../../../src/domain/product/product.ts'
import { mapHeaders } from './headers.ts'
import { parseCell, parseDateText, parseNumberText } from './values.ts'

const field = (name: string) => [...tkOrder.fields, ...product.fields].find((f) => f.name === name)!

describe('import values', () => {
  it('reads numbers as exports and people write them', () => {
    const cases: [string, number | null][] = [
      ['150000', 150000],
      ['150,000', 150000],
      ['1,234,567.50', 1234567.5],
      ['1.234.567,50', 1234567.5],
      ['150.000 ₫', 150000],
      ['₫ 16,500', 16500],
      ['16,500 VND', 16500],
      ['VND 16500', 16500],
      ['-5,000', -5000],
      ['(2,500)', -2500],
      ['1.5', 1.5],
      ['12,5', 12.5],
      ['1.234.567', 1234567],
      ['abc', null],
      ['1,2,3', null],
      ['', null],
      ['--5', null],
    ]
    expect(cases.map(([text]) => [text, parseNumberText(text)])).toEqual(cases)
  })
  it('reads dates in the accepted shapes, with or without seconds', () => {
    expect(parseDateText('2026-01-15 09:30:00')).toBe('2026-01-15 09:30:00')
    expect(parseDateText('2026/01/15 09:30')).toBe('2026-01-15 09:30:00')
    expect(parseDateText('15/01/2026 09:30:05')).toBe('2026-01-15 09:30:05')
    expect(parseDateText('5/1/2026 9:30')).toBe('2026-01-05 09:30:00')
    expect(parseDateText('2026-01-15')).toBe('2026-01-15 00:00:00')
    expect(parseDateText('31/02/2026 10:00:00')).toBeNull()
    expect(parseDateText('01/15/2026')).toBeNull()
  })
  it('parses cells by the field type: Excel date cells and day numbers, integers, options by label, combo parts', () => {
    expect(parseCell(field('orderCreateTime'), new Date(Date.UTC(2026, 1, 3, 4, 5, 6)))).toEqual({
      value: '2026-02-03 04:05:06',
    })
    expect(parseCell(field('orderCreateTime'), 46056.5)).toEqual({ value: '2026-02-03 12:00:00' })
    expect(parseCell(field('quantity'), '2.5').error).toBe('不是有效的整数')
    expect(parseCell(field('quantity'), '1,200')).toEqual({ value: 1200 })
    expect(parseCell(field('productIsMix'), '组合')).toEqual({ value: 1 })
    expect(parseCell(field('productIsMix'), 'x').error).toContain('不是可选的值')
    expect(parseCell(field('productComboSku'), 'A*2, B')).toEqual({
      value: [
        { skuNo: 'A', productQuantity: 2 },
        { skuNo: 'B', productQuantity: 1 },
      ],
    })
    expect(parseCell(field('skuId'), 1729000000)).toEqual({ value: '1729000000' })
    expect(parseCell(field('skuName'), null)).toEqual({ value: '' })
  })
  it('matches headers case- and space-insensitively and names the missing required columns', () => {
    const m = mapHeaders(tkOrder, [' order id ', 'SKU  ID', 'Quantity', 'Unknown', 'quantity'])
    expect(m.columns.map((c) => c.field)).toEqual(['orderId', 'skuId', 'quantity', null, null])
    expect(m.missing).toEqual(['Created Time'])
  })
})
