// The TK order monthly summary (/order/tk-order-month): the read-only list of the months (newest
// first) with a chart of orders, refunds and rates of the months shown above it. A rate without a
// divisor (null from the server) shows "-".
import { CrudScreen } from '@/crud/crud-screen'
import type { CellRenderer } from '@/crud/cells/crud-cell'
import { formatNumber } from '@/domain/format'
import { RATE_FIELDS, tkOrderMonth } from '@/domain/order/tk-order-month'
import { MonthChart } from './tk-order-month-chart'

/** A rate as "12.34%", or "-" when there is none. */
export const rateText = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '-' : formatNumber('percent2', value)

const rateCell: CellRenderer = (_row, value) => rateText(value)
const cells = Object.fromEntries(RATE_FIELDS.map((name) => [name, rateCell]))

export default function TkOrderMonthScreen() {
  return (
    <CrudScreen
      entity={tkOrderMonth}
      slots={{ cells, header: (rows) => <MonthChart rows={rows} /> }}
    />
  )
}
