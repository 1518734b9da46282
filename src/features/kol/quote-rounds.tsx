// "Record quotation round" for one KOL: "new quotation" (the full form, full screen) and its
// quotations (cached, pending writes applied) with the rounds so far, each opening the negotiation
// dialog. A quotation still on the device takes rounds too: they are sent after its create.
import { Trans } from '@lingui/react/macro'
import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { PendingMark } from '@/crud/pending'
import { formatNumber } from '@/domain/format'
import type { WithPending } from '@/offline/merge-pending'
import type { Kol } from './kol-overlay'
import { useQuotes } from './kol-queries'
import { NegoDialog } from './nego-dialog'
import { nextRound } from './nego-round'
import { NewQuoteDialog } from './quote-create'

// The buttons that let the server take a quotation's create / round (server/modules/kol: writeAlso, editAlso).
const ADD_CODES = ['cooperate_info_add', 'kol_quotation_add']
const ROUND_CODES = ['cooperate_info_edit', 'kol_quotation_edit', 'kol_quotation_nego']

export function QuoteRounds({ kol }: { kol: Kol }) {
  const granted = useSession((s) => s.permission)
  const canAdd = ADD_CODES.some((c) => granted[c] === true)
  const canRound = ROUND_CODES.some((c) => granted[c] === true)
  const quotes = useQuotes(kol.id)
  const [open, setOpen] = useState<WithPending<Kol> | null>(null)
  const [adding, setAdding] = useState(false)
  return (
    <Stack gap="sm">
      {canAdd && (
        <Button
          size="lg"
          variant="light"
          leftSection={<IconPlus />}
          onClick={() => setAdding(true)}
        >
          <Trans>新增报价</Trans>
        </Button>
      )}
      {quotes.length === 0 && (
        <Text c="dimmed">
          <Trans>该达人还没有报价记录。</Trans>
        </Text>
      )}
      {quotes.map((q) => {
        const { round, revise } = nextRound(q)
        const prices = [q.kolPrice, q.negoPrice1, q.negoPrice2, q.negoPrice3].filter(
          (v) => v !== null && v !== undefined && v !== '',
        )
        return (
          <Card key={q.id} withBorder padding="sm" data-testid="quote-card">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Group gap={6}>
                  <Text fw={600}>
                    {String(q.scheduleDate ?? q.startDate ?? '').slice(0, 10) || '—'}
                  </Text>
                  <PendingMark mark={q.__pending} />
                </Group>
                <Text size="sm" c="dimmed">
                  {prices.map((p) => formatNumber('w', p)).join(' → ')}
                </Text>
              </div>
              {canRound && (
                <Button size="lg" onClick={() => setOpen(q)}>
                  {revise ? <Trans>修改最终价格</Trans> : <Trans>记录第 {round} 轮</Trans>}
                </Button>
              )}
            </Group>
          </Card>
        )
      })}
      {open && <NegoDialog quote={open} onClose={() => setOpen(null)} />}
      {adding && <NewQuoteDialog kol={kol} onClose={() => setAdding(false)} />}
    </Stack>
  )
}
