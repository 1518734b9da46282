// The outbox screen (docs/offline.md R11): every queued write of the signed-in user, live from the Dexie table
// (so it survives a reload and follows other tabs), filtered by state; a table on wide screens,
// cards (and a compact state filter) on phones.
import { useLingui } from '@lingui/react'
import { useLingui as useT } from '@lingui/react/macro'
import { Card, EmptyState, NativeSelect, SegmentedControl } from '@mantine/core'
import { IconInbox } from '@tabler/icons-react'
import { useState } from 'react'
import { useOutboxRows } from '@/offline/outbox'
import { useWidthClass } from '@/shell/layout/width-class'
import { OutboxCards, OutboxTable } from './outbox-list'
import { needsAttention, OUTBOX_STATES, stateLabel } from './outbox-labels'
import { SyncSummary } from './sync-summary'

type Filter = 'all' | 'attention' | (typeof OUTBOX_STATES)[number]

export function OutboxPage() {
  const { i18n } = useLingui()
  const { t } = useT()
  const rows = useOutboxRows()
  const phone = useWidthClass() === 'xs'
  const [filter, setFilter] = useState<Filter>('all')
  const shown =
    filter === 'all'
      ? rows
      : filter === 'attention'
        ? rows.filter((r) => needsAttention(r.state))
        : rows.filter((r) => r.state === filter)
  const count = (f: Filter) =>
    f === 'all'
      ? rows.length
      : f === 'attention'
        ? rows.filter((r) => needsAttention(r.state)).length
        : rows.filter((r) => r.state === f).length
  const options: { value: Filter; label: string }[] = [
    { value: 'all', label: t`全部` },
    { value: 'attention', label: t`需处理` },
    ...OUTBOX_STATES.map((s) => ({ value: s, label: stateLabel(i18n, s) })),
  ]
  const data = options.map((o) => ({ value: o.value, label: `${o.label} (${count(o.value)})` }))
  return (
    <Card radius={10} withBorder padding={phone ? 'sm' : 'lg'} data-testid="outbox-page">
      <SyncSummary />
      {phone ? (
        <NativeSelect
          mb="sm"
          size="md"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value as Filter)}
          data={data}
          aria-label={t`按状态筛选`}
        />
      ) : (
        <SegmentedControl
          mb="sm"
          size="xs"
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          data={data}
          aria-label={t`按状态筛选`}
        />
      )}
      {shown.length === 0 ? (
        <EmptyState
          icon={<IconInbox />}
          title={rows.length ? t`没有该状态的数据` : t`没有待同步的数据`}
          description={rows.length ? undefined : t`离线保存的修改会在这里排队，直到服务器确认。`}
        />
      ) : phone ? (
        <OutboxCards rows={shown} />
      ) : (
        <OutboxTable rows={shown} />
      )}
    </Card>
  )
}
