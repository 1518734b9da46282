// Total salary cost per month (net pay, stacked by salary source) over the searched months, not
// just the table's page: the summary of the filters, oldest month first. @mantine/charts loads with
// this screen only.
import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { Trans, useLingui } from '@lingui/react/macro'
import { Card, Skeleton, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { flattenOptions, useFieldOptions } from '@/crud/dict-options'
import { entityQueries, type ListParams, type Row } from '@/crud/entity-api'
import { salaryMonth } from '@/domain/finance/salary-month'
import { formatCompact, formatNumber } from '@/domain/format'

const SOURCE = salaryMonth.fields.find((f) => f.name === 'salarySource')!
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6']

/** One point per month, oldest first, with each source's net pay; and the sources in first-seen order. */
export function chartData(rows: Row[]): {
  data: Record<string, string | number>[]
  sources: string[]
} {
  const months = new Map<string, Record<string, string | number>>()
  const sources: string[] = []
  for (const r of [...rows].sort((a, b) =>
    String(a.detailDate).localeCompare(String(b.detailDate)),
  )) {
    const month = String(r.detailDate)
    const source = String(r.salarySource)
    if (!sources.includes(source)) sources.push(source)
    const point = months.get(month) ?? { month }
    point[source] = Number(point[source] ?? 0) + Number(r.totalAmount ?? 0)
    months.set(month, point)
  }
  return {
    data: [...months.values()].map((p) =>
      Object.fromEntries([
        ...Object.entries(p),
        ...sources.filter((s) => !(s in p)).map((s) => [s, 0]),
      ]),
    ),
    sources,
  }
}

export function SalaryMonthChart({ filters }: { filters: ListParams }) {
  const { t } = useLingui()
  const labels = flattenOptions(useFieldOptions(SOURCE).options)
  // Every month of the filters in one call (the server's page is at most 500 rows).
  const query = useQuery(
    entityQueries(salaryMonth).list({ ...filters, current: 1, size: 500, ascs: 'detailDate' }),
  )
  const { data, sources } = chartData(query.data?.records ?? [])
  const title = t`每月工资成本`
  return (
    <Card withBorder padding="sm" mb="sm" data-testid="salary-month-chart">
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {query.isPending ? (
        <Skeleton height={240} />
      ) : query.isError ? (
        <Text ta="center" c="red" py="lg">
          <Trans>图表加载失败</Trans>
        </Text>
      ) : data.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg">
          <Trans>暂无数据</Trans>
        </Text>
      ) : (
        <BarChart
          h={{ base: 220, sm: 260 }}
          data={data}
          dataKey="month"
          type="stacked"
          withLegend
          series={sources.map((s, i) => ({
            name: s,
            label: labels.find((o) => o.value === s)?.label ?? s,
            color: COLORS[i % COLORS.length]!,
          }))}
          valueFormatter={(v) => formatNumber('vnd', v)}
          yAxisProps={{ width: 90, tickFormatter: (v: number) => formatCompact(v) }}
          gridAxis="y"
          aria-label={title}
        />
      )}
    </Card>
  )
}
