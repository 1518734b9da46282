import { msg } from '@lingui/core/runtime-macro'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { defineEntity } from '@/domain/entity'
import { defaultFilters, filtersOf, fromQuery, listSearch, toQuery } from './list-search'

const order = defineEntity({
  name: 'order',
  title: msg`订单`,
  api: '/x/order',
  table: 'x_order',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'order',
  layout: { defaultDateRange: 'yesterday' },
  fields: [
    { name: 'orderNo', label: msg`订单号`, type: 'string', search: 'like' },
    {
      name: 'status',
      label: msg`状态`,
      type: 'integer',
      search: 'equal',
      options: { kind: 'dict', code: 'status' },
    },
    { name: 'payTime', label: msg`支付时间`, type: 'datetime', search: 'between' },
    { name: 'bizDate', label: msg`业务日期`, type: 'date', search: 'between' },
    { name: 'remark', label: msg`备注`, type: 'string' },
  ],
})

describe('listSearch', () => {
  it('defaults current 1 and size 10, keeps filters as text', () => {
    expect(listSearch.parse({})).toEqual({ current: 1, size: 10 })
    expect(listSearch.parse({ current: 'x', size: -3, orderNo: 123, status: '2' })).toEqual({
      current: 1,
      size: 10,
      orderNo: '123',
      status: '2',
    })
    expect(listSearch.parse({ current: 3, size: 50, descs: 'pay_time' })).toEqual({
      current: 3,
      size: 50,
      descs: 'pay_time',
    })
  })
  it('filtersOf drops paging, sorting and empty values', () => {
    expect(filtersOf({ current: 2, size: 10, ascs: 'a', orderNo: 'A1', status: '' })).toEqual({
      orderNo: 'A1',
    })
  })
})

describe('search values <-> query params', () => {
  it('maps like/equal to the name and between to _ge/_le, datetimes over whole days', () => {
    const q = toQuery(order, {
      orderNo: ' A1 ',
      status: '2',
      payTime: ['2024-05-01', '2024-05-03'],
      bizDate: ['2024-05-01', null],
    })
    expect(q).toEqual({
      orderNo: 'A1',
      status: '2',
      payTime_ge: '2024-05-01 00:00:00',
      payTime_le: '2024-05-03 23:59:59',
      bizDate_ge: '2024-05-01',
    })
  })
  it('reads the panel values back from the params', () => {
    const back = fromQuery(order, {
      orderNo: 'A1',
      payTime_ge: '2024-05-01 00:00:00',
      payTime_le: '2024-05-03 23:59:59',
      bizDate_le: '2024-05-09',
    })
    expect(back).toEqual({
      orderNo: 'A1',
      status: '',
      payTime: ['2024-05-01', '2024-05-03'],
      bizDate: [null, '2024-05-09'],
    })
  })
  it("sends a month range as yyyy-MM bounds and reads it back as the months' first days", () => {
    const summary = {
      ...order,
      fields: [
        {
          name: 'orderYearMonth',
          label: msg`订单月份`,
          type: 'month' as const,
          search: 'between' as const,
        },
      ],
    }
    expect(toQuery(summary, { orderYearMonth: ['2025-01-01', '2025-03-01'] })).toEqual({
      orderYearMonth_ge: '2025-01',
      orderYearMonth_le: '2025-03',
    })
    expect(
      fromQuery(summary, { orderYearMonth_ge: '2025-01', orderYearMonth_le: '2025-03' }),
    ).toEqual({ orderYearMonth: ['2025-01-01', '2025-03-01'] })
  })
  it('defaults date ranges to yesterday through today when the layout asks for it', () => {
    expect(defaultFilters(order, dayjs('2024-03-01 10:00:00'))).toEqual({
      payTime_ge: '2024-02-29 00:00:00',
      payTime_le: '2024-03-01 23:59:59',
      bizDate_ge: '2024-02-29',
      bizDate_le: '2024-03-01',
    })
    expect(defaultFilters({ ...order, layout: {} })).toEqual({})
  })
})
