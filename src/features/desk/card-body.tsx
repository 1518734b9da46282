// What a server card shows while its one query runs: a skeleton, its own error with a retry, a
// note when the device is offline with nothing cached, else its figures or its chart of days.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Center, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import type { DashboardCardDef } from '@/domain/desk/dashboard'
import { formatNumber } from '@/domain/format'
import { dashboardCardQuery, type CardDays, type CardFigures } from './dashboard-api'

// recharts is large: only a chart card's body loads it.
const DaysChart = lazy(() => import('./days-chart'))

const CHART_HEIGHT = 220

function Figures({ card, data }: { card: DashboardCardDef; data: CardFigures }) {
  const { i18n } = useLingui()
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
      {card.figures.map((f) => (
        <Stack key={f.key} gap={0} data-testid={`figure-${card.code}-${f.key}`}>
          <Text size="xs" c="dimmed">
            {i18n._(f.label)}
          </Text>
          <Text fz="xl" fw={700} lh={1.3}>
            {formatNumber(f.format, data[f.key] ?? 0)}
          </Text>
          {f.beside ? (
            <Text size="sm" c="dimmed">
              {formatNumber(f.beside.format, data[f.beside.key] ?? 0)}
            </Text>
          ) : null}
        </Stack>
      ))}
    </SimpleGrid>
  )
}

function Loading({ card }: { card: DashboardCardDef }) {
  if (card.kind === 'days') return <Skeleton height={CHART_HEIGHT} radius="sm" />
  return (
    <SimpleGrid cols={2} spacing="sm">
      {card.figures.map((f) => (
        <Stack key={f.key} gap={6}>
          <Skeleton height={10} width="60%" />
          <Skeleton height={22} width="80%" />
        </Stack>
      ))}
    </SimpleGrid>
  )
}

export function CardBody({ card, today }: { card: DashboardCardDef; today: string }) {
  const { t } = useLingui()
  const q = useQuery(dashboardCardQuery<CardFigures | CardDays>(card, today))
  if (q.data) {
    if (card.kind === 'figures') return <Figures card={card} data={q.data as CardFigures} />
    const days = (q.data as CardDays).days
    const figure = card.figures[0]!
    if (!days.some((d) => Number(d[figure.key] ?? 0) !== 0)) {
      return (
        <Center h={CHART_HEIGHT}>
          <Text size="sm" c="dimmed" data-testid={`card-empty-${card.code}`}>
            <Trans>近30天暂无数据</Trans>
          </Text>
        </Center>
      )
    }
    return (
      <Suspense fallback={<Loading card={card} />}>
        <DaysChart card={card} days={days} height={CHART_HEIGHT} />
      </Suspense>
    )
  }
  if (q.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert" data-testid={`card-error-${card.code}`}>
        <Text size="sm" c="red">
          {t`加载失败`}: {q.error.message}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void q.refetch()}>
          <Trans>重试</Trans>
        </Button>
      </Stack>
    )
  }
  if (q.fetchStatus === 'paused') {
    return (
      <Text size="sm" c="dimmed">
        <Trans>离线中，联网后显示</Trans>
      </Text>
    )
  }
  return <Loading card={card} />
}
