// The chart above a totals list, loaded after the list (recharts is large): đồng per day of the
// range (bars), or the ten groups of the range with the most đồng (horizontal bars, names on the
// axis). It follows the searched range, not the table's page or sort; it resizes with its box.
import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { Trans, useLingui } from '@lingui/react/macro'
import { Card, Skeleton, Text } from '@mantine/core'
import type { ListParams } from '@/crud/entity-api'
import { formatCompact, formatNumber } from '@/domain/format'
import type { GiftTotalsDef } from '@/domain/gift/gift-totals'
import { useGiftTotals } from './gift-totals-api'

interface Props {
  def: GiftTotalsDef
  /** The searched filters (the range), without paging or sort. */
  filters: ListParams
  /** The group field that names a bar. */
  label: string
  title: string
  enabled: boolean
}

const vnd = (v: number) => formatNumber('vnd', v)

/** The value axis's end: a fifth past the longest bar, rounded up to a round number (40M), so ticks stay round. */
function roomyMax(most: number): number {
  const end = most * 1.2
  if (!(end > 0)) return 1
  const unit = 10 ** Math.floor(Math.log10(end))
  return Math.ceil(end / unit) * unit
}

export default function GiftChart({ def, filters, label, title, enabled }: Props) {
  const { t } = useLingui()
  const byDay = def.grouping === 'total'
  // A range is at most 366 days, the server's page at most 500: every day in one call.
  const params: ListParams = {
    ...filters,
    current: 1,
    size: byDay ? 366 : 10,
    ...(byDay ? { ascs: 'giftDate' } : { descs: 'totalValue' }),
  }
  const { data, isPending } = useGiftTotals(def, params, enabled)
  const rows = (data?.records ?? []).map((r) => ({
    name: String(r[label] || r[def.groupFields[0]!] || '-'),
    totalValue: Number(r.totalValue ?? 0),
  }))
  const series = [{ name: 'totalValue', label: t`总价值`, color: 'blue.6' }]
  return (
    <Card withBorder padding="sm" mb="sm" data-testid="gift-chart">
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {isPending && enabled ? (
        <Skeleton height={260} />
      ) : rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg">
          <Trans>暂无数据</Trans>
        </Text>
      ) : byDay ? (
        // Days as MM-dd (the range's year is in the search panel above); the axis in compact đồng
        // (12M), which fits a phone; the tooltip shows the whole amount.
        <BarChart
          h={260}
          data={rows}
          dataKey="name"
          series={series}
          valueFormatter={vnd}
          xAxisProps={{ tickFormatter: (day: string) => day.slice(5) }}
          yAxisProps={{ width: 44, tickFormatter: (v: number) => formatCompact(v) }}
          tickLine="y"
          gridAxis="y"
          role="figure"
          aria-label={title}
        />
      ) : (
        <BarChart
          h={Math.max(180, rows.length * 30 + 40)}
          data={rows}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          series={series}
          valueFormatter={vnd}
          withBarValueLabel
          // Compact labels and axis (26.8M ₫), one label a line, and room past the longest bar, so
          // that a phone keeps each bar's label in view.
          valueLabelProps={{ formatter: (v: unknown) => `${formatCompact(Number(v))}\u00a0₫` }}
          xAxisProps={{ tickFormatter: (v: number) => formatCompact(v), domain: [0, roomyMax] }}
          gridAxis="x"
          role="figure"
          aria-label={title}
        />
      )}
    </Card>
  )
}
