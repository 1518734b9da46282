// Which lists must scan their table (and so take the scan lane when the table is large): known from
// the filter kinds and the sort, before anything runs.
import { describe, expect, it } from 'vitest'
import { stockDetail } from '../../src/domain/stock/stock-detail.ts'
import { parseFilters, parseSort } from './filters.ts'
import { listShape } from './list-cost.ts'

/** The shape of a stock-line list asked with these query parameters, ordered as listRows orders it. */
function shape(query: Record<string, string>) {
  const sort = parseSort(stockDetail, query)
  const order = sort.length ? sort : [{ name: 'createTime', dir: 'desc' as const }]
  return listShape(stockDetail, parseFilters(stockDetail.fields, query), [
    ...order,
    { name: 'id', dir: 'desc' },
  ])
}

describe('list shape', () => {
  it('reads through an index: no filter, an indexed equality, a trigram-served text, sorts an index gives', () => {
    expect(shape({})).toBe('index')
    expect(shape({ deviceId_equal: 'device-7' })).toBe('index')
    expect(shape({ skuNo_like: 'SKU-12' })).toBe('index')
    expect(shape({ skuNo: 'ZQA' })).toBe('index')
    expect(shape({ descs: 'create_time' })).toBe('index')
    expect(shape({ ascs: 'id' })).toBe('index')
  })

  it('scans: a 1-2 character text (no trigram), a negated text, a column without an index, a sort no index gives', () => {
    expect(shape({ skuNo_like: 'ZQ' })).toBe('scan')
    expect(shape({ skuNo: 'Z' })).toBe('scan')
    expect(shape({ skuNo_likeright: 'SK' })).toBe('scan')
    expect(shape({ skuNo_notlike: 'SKU-1' })).toBe('scan')
    expect(shape({ productQuantity_equal: '3' })).toBe('scan')
    expect(shape({ deviceId_notequal: 'device-7' })).toBe('scan')
    expect(shape({ ascs: 'product_quantity' })).toBe('scan')
  })

  it('does not scan when an index narrows the rows first, whatever else the list asks', () => {
    expect(shape({ deviceId_equal: 'device-7', skuNo_like: 'ZQ' })).toBe('index')
    expect(shape({ deviceId_equal: 'device-7', ascs: 'product_quantity' })).toBe('index')
    expect(shape({ skuNo_like: 'SKU-12', productQuantity_equal: '3' })).toBe('index')
  })
})
