// A chart card's bars: its one figure per day of the last 30 days, days as MM-dd, values in the
// figure's format. Loaded on its own (recharts), only where a chart card shows.
import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { useLingui } from '@lingui/react/macro'
import type { DashboardCardDef } from '@/domain/desk/dashboard'
import { formatCompact, formatNumber } from '@/domain/format'

interface Props {
  card: DashboardCardDef
  days: Record<string, string | number>[]
  height: number
}

export default function DaysChart({ card, days, height }: Props) {
  const { i18n } = useLingui()
  const figure = card.figures[0]!
  const series = [{ name: figure.key, label: i18n._(figure.label), color: 'blue.6' }]
  return (
    <BarChart
      h={height}
      data={days}
      dataKey="date"
      series={series}
      valueFormatter={(v: number) => formatNumber(figure.format, v)}
      xAxisProps={{ tickFormatter: (day: string) => day.slice(5) }}
      yAxisProps={{ width: 44, tickFormatter: (v: number) => formatCompact(v) }}
      tickLine="y"
      gridAxis="y"
      role="figure"
      aria-label={i18n._(card.title)}
    />
  )
}
