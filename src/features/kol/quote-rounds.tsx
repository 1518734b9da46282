// "Record quotation round" for one KOL: its quotations (cached, pending rounds applied) with the
// rounds so far, each opening the negotiation dialog. A new quotation needs the full form (type,
// city, schedule and every price round are required), so it is made on the quotation screen.
import { Trans } from '@lingui/react/macro'
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { PendingMark } from '@/crud/pending'
import { formatNumber } from '@/domain/format'
import type { WithPending } from '@/offline/merge-pending'
import type { Kol } from './kol-overlay'
import { useQuotes } from './kol-queries'
import { NegoDialog } from './nego-dialog'
import { nextRound } from './nego-round'

export function QuoteRounds({ kolId }: { kolId: string }) {
  const quotes = useQuotes(kolId)
  const [open, setOpen] = useState<WithPending<Kol> | null>(null)
  if (quotes.length === 0) {
    return (
      <Alert color="gray">
        <Trans>该达人还没有报价记录。新报价请在“达人报价”中新增。</Trans>
      </Alert>
    )
  }
  return (
    <Stack gap="sm">
      {quotes.map((q) => {
        const { round, revise } = nextRound(q)
        const prices = [q.kolPrice, q.negoPrice1, q.negoPrice2, q.negoPrice3].filter((v) => v !== null && v !== undefined && v !== '')
        return (
          <Card key={q.id} withBorder padding="sm" data-testid="quote-card">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Group gap={6}>
                  <Text fw={600}>{String(q.scheduleDate ?? q.startDate ?? '').slice(0, 10) || '—'}</Text>
                  <PendingMark mark={q.__pending} />
                </Group>
                <Text size="sm" c="dimmed">
                  {prices.map((p) => formatNumber('w', p)).join(' → ')}
                </Text>
              </div>
              <Button size="lg" onClick={() => setOpen(q)}>
                {revise ? <Trans>修改最终价格</Trans> : <Trans>记录第 {round} 轮</Trans>}
              </Button>
            </Group>
          </Card>
        )
      })}
      {open && <NegoDialog quote={open} onClose={() => setOpen(null)} />}
    </Stack>
  )
}
