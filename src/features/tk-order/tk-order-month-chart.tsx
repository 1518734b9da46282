// Orders and refunds (bars, left axis) and the three rates (lines, right axis, %) of the months a
// summary page shows, oldest first. @mantine/charts loads with this screen only.
import '@mantine/charts/styles.css'
import { CompositeChart } from '@mantine/charts'
import { useLingui } from '@lingui/react/macro'
import { Paper, Text } from '@mantine/core'
import type { Row } from '@/crud/entity-api'

/** The months of the rows, oldest first; refunds = refunded + delivery-failed orders; no rate: no point. */
export function chartData(rows: Row[]): Record<string, string | number | null>[] {
  const num = (v: unknown) =>
    typeof v === 'number' ? v : v === null || v === undefined || v === '' ? null : Number(v)
  return [...rows]
    .sort((a, b) => String(a.orderYearMonth).localeCompare(String(b.orderYearMonth)))
    .map((r) => ({
      month: String(r.orderYearMonth),
      orders: num(r.orderTotal) ?? 0,
      refunds: (num(r.refundTotal) ?? 0) + (num(r.deliveryFailedTotal) ?? 0),
      returnRate: num(r.returnRate),
      preSaleRefundRate: num(r.preSaleRefundRate),
      afterSaleRefundRate: num(r.afterSaleRefundRate),
    }))
}

export function MonthChart({ rows }: { rows: Row[] }) {
  const { t } = useLingui()
  if (rows.length === 0) return null
  return (
    <Paper withBorder radius="md" p="sm" mb="sm" data-testid="tk-month-chart">
      <Text size="sm" fw={500} mb="xs">
        {t`订单、退货与比率趋势`}
      </Text>
      <CompositeChart
        h={{ base: 220, sm: 280 }}
        data={chartData(rows)}
        dataKey="month"
        withLegend
        withRightYAxis
        rightYAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v}%` }}
        series={[
          { name: 'orders', label: t`订单数`, color: 'blue.6', type: 'bar' },
          { name: 'refunds', label: t`退货/配送失败订单数`, color: 'orange.6', type: 'bar' },
          { name: 'returnRate', label: t`退货率`, color: 'red.6', type: 'line', yAxisId: 'right' },
          {
            name: 'preSaleRefundRate',
            label: t`售前退款率`,
            color: 'grape.6',
            type: 'line',
            yAxisId: 'right',
          },
          {
            name: 'afterSaleRefundRate',
            label: t`售后退款率`,
            color: 'teal.6',
            type: 'line',
            yAxisId: 'right',
          },
        ]}
        connectNulls={false}
      />
    </Paper>
  )
}
