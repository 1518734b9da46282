// Start a count (brand from the business dictionary child list, date default today), resume one of
// the counts still counting, or look at a finished one (read-only). The counts come from the cache
// when the tablet is offline, with this device's queued finish or reopen applied. A brand has one
// open count per date (the server refuses a second): starting one that is open offers to continue it.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useMemo, useState, type ReactNode } from 'react'
import { logger } from '@/api/logger'
import { useFieldOptions } from '@/crud/dict-options'
import { PendingMark } from '@/crud/pending'
import { stockTaking } from '@/domain/stock/stock-taking'
import type { WithPending } from '@/offline/merge-pending'
import { startCount } from './count-actions'
import type { CountRecord } from './count-queries'
import { isFinished } from './count-state'
import { useCounts } from './use-count-data'

const brandField = stockTaking.fields.find((f) => f.name === 'brandId')!

export function useBrandLabel(): (key: unknown) => string {
  const { options } = useFieldOptions(brandField)
  return (key) => options.find((o) => o.value === String(key ?? ''))?.label ?? String(key ?? '')
}

export function CountStart({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useLingui()
  const { options, loading: brandsLoading } = useFieldOptions(brandField)
  const brandLabel = useBrandLabel()
  const all = useCounts()
  const counting = useMemo(() => all.counts.filter((c) => !isFinished(c)), [all.counts])
  const finished = useMemo(() => all.counts.filter(isFinished), [all.counts])
  const loading = all.loading && all.counts.length === 0
  const [brandId, setBrandId] = useState<string | null>(null)
  const [checkDate, setCheckDate] = useState(dayjs().format('YYYY-MM-DD'))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  /** The open count of the chosen brand and date, offered instead of a second one. */
  const [open, setOpen] = useState<WithPending<CountRecord> | null>(null)

  const start = async () => {
    if (!brandId) return setError(t`请选择品牌`)
    if (!checkDate) return setError(t`请选择盘点日期`)
    setError(null)
    const same = counting.find(
      (c) => String(c.brandId) === brandId && String(c.checkDate ?? '').slice(0, 10) === checkDate,
    )
    if (same) return setOpen(same)
    setBusy(true)
    try {
      const id = await startCount({ brandId, checkDate })
      notifications.show({ color: 'green', message: t`盘点已保存到本设备` })
      onOpen(id)
    } catch (err) {
      logger.error('stock-count-start', err)
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Title order={2}>
        <Trans>盘点作业</Trans>
      </Title>
      <Card withBorder radius={10} padding="lg">
        <Title order={4} mb="md">
          <Trans>开始新盘点</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            size="lg"
            label={t`品牌`}
            data={options.map((o) => ({ value: o.value, label: o.label }))}
            value={brandId}
            onChange={(v) => {
              setBrandId(v)
              setOpen(null)
            }}
            allowDeselect={false}
            placeholder={brandsLoading ? t`加载中` : t`请选择品牌`}
            nothingFoundMessage={t`暂无数据`}
            searchable
            required
          />
          <TextInput
            size="lg"
            type="date"
            label={t`盘点日期`}
            value={checkDate}
            onChange={(e) => {
              setCheckDate(e.currentTarget.value)
              setOpen(null)
            }}
            required
          />
        </SimpleGrid>
        {error && (
          <Text c="red" mt="sm" role="alert">
            {error}
          </Text>
        )}
        {open && (
          <Alert
            color="yellow"
            mt="md"
            data-testid="count-open-offer"
            title={t`该品牌在这一天已有未完成的盘点`}
          >
            <Text mb="sm">
              <Trans>
                {brandLabel(open.brandId)} {String(open.checkDate ?? '').slice(0, 10)}{' '}
                的盘点尚未完成（盘点总数 {Number(open.stockTotal ?? 0)}
                ）。同一品牌同一天只能有一个进行中的盘点，请继续该盘点。
              </Trans>
            </Text>
            <Group>
              <Button
                size="lg"
                leftSection={<IconPlayerPlay />}
                onClick={() => onOpen(String(open.id))}
              >
                <Trans>继续该盘点</Trans>
              </Button>
              <Button size="lg" variant="default" onClick={() => setOpen(null)}>
                <Trans>取消</Trans>
              </Button>
            </Group>
          </Alert>
        )}
        <Button
          size="xl"
          mt="lg"
          fullWidth
          leftSection={<IconPlayerPlay />}
          loading={busy}
          onClick={() => void start()}
        >
          <Trans>开始盘点</Trans>
        </Button>
      </Card>
      <Card withBorder radius={10} padding="lg">
        <Title order={4} mb="md">
          <Trans>继续盘点</Trans>
        </Title>
        {loading ? (
          <Group justify="center" py="md">
            <Loader aria-label={t`加载中`} />
          </Group>
        ) : counting.length === 0 ? (
          <Alert color="gray">
            <Trans>没有未完成的盘点</Trans>
          </Alert>
        ) : (
          <Stack gap="sm" data-testid="counts-counting">
            {counting.slice(0, 20).map((c) => (
              <CountItem
                key={c.id}
                count={c}
                brand={brandLabel(c.brandId)}
                label={t`继续盘点 ${String(c.checkDate ?? '')} ${brandLabel(c.brandId)}`}
                onOpen={onOpen}
              />
            ))}
          </Stack>
        )}
      </Card>
      {finished.length > 0 && (
        <Card withBorder radius={10} padding="lg">
          <Title order={4} mb="md">
            <Trans>已完成的盘点</Trans>
          </Title>
          <Stack gap="sm" data-testid="counts-finished">
            {finished.slice(0, 20).map((c) => (
              <CountItem
                key={c.id}
                count={c}
                brand={brandLabel(c.brandId)}
                label={t`查看盘点 ${String(c.checkDate ?? '')} ${brandLabel(c.brandId)}`}
                onOpen={onOpen}
                state={
                  <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} />}>
                    {c.finishTime && !c.__pending ? (
                      <Trans>已完成 {String(c.finishTime).slice(0, 16)}</Trans>
                    ) : (
                      <Trans>已完成</Trans>
                    )}
                  </Badge>
                }
              />
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  )
}

function CountItem({
  count: c,
  brand,
  label,
  onOpen,
  state,
}: {
  count: WithPending<CountRecord>
  brand: string
  label: string
  onOpen: (id: string) => void
  state?: ReactNode
}) {
  return (
    <UnstyledButton
      onClick={() => onOpen(String(c.id))}
      aria-label={label}
      style={{ minHeight: 56 }}
    >
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Text fw={600} size="lg">
              {String(c.checkDate ?? '').slice(0, 10)}
            </Text>
            <Badge variant="light">{brand}</Badge>
            {state}
            <PendingMark mark={c.__pending} />
          </Group>
          <Text c="dimmed">
            <Trans>盘点总数 {Number(c.stockTotal ?? 0)}</Trans>
          </Text>
        </Group>
      </Card>
    </UnstyledButton>
  )
}
