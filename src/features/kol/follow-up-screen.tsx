// The phone follow-up screen (/kol/follow-up): the KOLs at once, due and overdue first, a page at a
// time (kol-pages.ts), or a search over the cached list (filtered here, so it works offline); a KOL
// card, "log contact", "new quotation" and "record quotation round" through the outbox. The list
// (pages added as one loads more) is virtualised once long (virtual-stack.tsx). It shows the KOLs the user may see: a KOL's responsible person is an employee record, which no user
// account points at. Single column, large targets; fine on desktop.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { IconArrowLeft, IconSearch } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useState } from 'react'
import { PendingMark } from '@/crud/pending'
import { VirtualStack } from '@/crud/table/virtual-stack'
import type { WithPending } from '@/offline/merge-pending'
import { useSyncStatus } from '@/offline/sync-engine'
import { ContactForm } from './contact-form'
import { KolCard, useStatusLabel } from './kol-card'
import { isDue, searchKols, type Kol } from './kol-overlay'
import { useKolPages } from './kol-pages'
import { useKols } from './kol-queries'
import { usePrefetchQuoteOptions } from './quote-create'
import { QuoteRounds } from './quote-rounds'

function KolButton({
  kol,
  onOpen,
  overdue,
}: {
  kol: WithPending<Kol>
  onOpen: () => void
  overdue: boolean
}) {
  const statusLabel = useStatusLabel()
  const { t } = useLingui()
  return (
    // Named by what it shows (name, handle, status, deadline), so a screen reader hears the same as the eye sees.
    <UnstyledButton onClick={onOpen} style={{ minHeight: 56, display: 'block', width: '100%' }}>
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600}>{String(kol.kolName || kol.tkUserName || '')}</Text>
            <Text size="sm" c="dimmed">
              @{String(kol.tkUserName ?? '')} · {statusLabel(kol.contactStatus)}
            </Text>
          </div>
          <Group gap={6} wrap="nowrap">
            <PendingMark mark={kol.__pending} />
            {kol.responseDeadline ? (
              <Text size="sm" c={overdue ? 'red' : 'dimmed'}>
                {String(kol.responseDeadline).slice(0, 10)}
                {overdue && <VisuallyHidden>{t`已逾期`}</VisuallyHidden>}
              </Text>
            ) : null}
          </Group>
        </Group>
      </Card>
    </UnstyledButton>
  )
}

export default function FollowUpScreen() {
  const { t } = useLingui()
  const { kols, loading, failed } = useKols()
  const pages = useKolPages()
  const sync = useSyncStatus()
  usePrefetchQuoteOptions()
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState<string | null>(null)
  const [tab, setTab] = useState<'contact' | 'quote'>('contact')
  const today = dayjs().format('YYYY-MM-DD')
  const isOverdue = (k: Kol) => isDue(k, today)
  const kol = selected
    ? (pages.kols.find((k) => k.id === selected) ?? kols.find((k) => k.id === selected))
    : undefined

  if (kol) {
    return (
      <Stack gap="md" maw={640} mx="auto">
        <Button
          size="lg"
          variant="subtle"
          leftSection={<IconArrowLeft />}
          onClick={() => setSelected(null)}
          style={{ alignSelf: 'flex-start' }}
        >
          <Trans>返回</Trans>
        </Button>
        <KolCard kol={kol} overdue={isOverdue(kol)} />
        <SegmentedControl
          size="lg"
          fullWidth
          value={tab}
          onChange={(v) => setTab(v as 'contact' | 'quote')}
          data={[
            { value: 'contact', label: t`记录联系` },
            { value: 'quote', label: t`记录议价` },
          ]}
        />
        {tab === 'contact' ? (
          <ContactForm
            key={kol.id}
            kolId={kol.id}
            initialStatus={kol.contactStatus ? String(kol.contactStatus) : undefined}
          />
        ) : (
          <QuoteRounds kol={kol} />
        )}
      </Stack>
    )
  }

  const searching = query.trim() !== ''
  const found = searchKols(kols, query)
  const shown = searching ? { kols: found.slice(0, 50), loading, failed } : pages
  return (
    <Stack gap="md" maw={640} mx="auto">
      <Group justify="space-between">
        <Title order={3}>
          <Trans>达人跟进</Trans>
        </Title>
        <Badge size="lg" color={sync.online ? 'green' : 'gray'}>
          {sync.online ? <Trans>在线</Trans> : <Trans>离线</Trans>}
        </Badge>
      </Group>
      <TextInput
        size="lg"
        leftSection={<IconSearch />}
        label={t`搜索达人`}
        placeholder={t`名称、TikTokId、联系方式或城市`}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {shown.loading && shown.kols.length === 0 ? (
        <Group justify="center" py="md">
          <Loader aria-label={t`加载中`} />
        </Group>
      ) : shown.failed && shown.kols.length === 0 ? (
        <Alert color="yellow">
          <Trans>无法加载达人列表，本设备上也没有缓存。请联网后再打开本页面。</Trans>
        </Alert>
      ) : shown.kols.length === 0 ? (
        <Text c="dimmed">
          {searching ? <Trans>没有找到达人</Trans> : <Trans>还没有达人</Trans>}
        </Text>
      ) : (
        <VirtualStack
          data-testid="kol-list"
          items={shown.kols}
          itemKey={(k) => k.id}
          estimate={76}
          render={(k) => (
            <KolButton kol={k} overdue={isOverdue(k)} onOpen={() => setSelected(k.id)} />
          )}
        />
      )}
      {!searching && pages.more && (
        <Button size="lg" variant="light" onClick={pages.loadMore} loading={pages.loading}>
          <Trans>加载更多</Trans>
        </Button>
      )}
    </Stack>
  )
}
