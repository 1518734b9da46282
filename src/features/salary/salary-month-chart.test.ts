// The cost chart's data: one point per month, oldest first, each source's net pay (0 where a month
// has none of it), the sources in first-seen order.
import { describe, expect, it } from 'vitest'
import { chartData } from './salary-month-chart'

describe('salary month chart data', () => {
  it('stacks each month’s sources, oldest month first', () => {
    const rows = [
      { detailDate: '2026-03', salarySource: 'office', totalAmount: 23818845 },
      { detailDate: '2026-03', salarySource: 'warehouse', totalAmount: 18000000 },
      { detailDate: '2026-02', salarySource: 'office', totalAmount: 13500000 },
    ]
    expect(chartData(rows)).toEqual({
      data: [
        { month: '2026-02', office: 13500000, warehouse: 0 },
        { month: '2026-03', office: 23818845, warehouse: 18000000 },
      ],
      sources: ['office', 'warehouse'],
    })
  })

  it('has no points without rows', () => {
    expect(chartData([])).toEqual({ data: [], sources: [] })
  })
})
