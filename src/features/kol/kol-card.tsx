// A KOL at a glance on the phone: name, TikTokId, followers (K), contact status, last contact and
// response deadline, with the pending marker of writes still on the device.
import { Trans } from '@lingui/react/macro'
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { PendingMark } from '@/crud/pending'
import { useCellFormatter } from '@/crud/cells/use-cell'
import { kolFile } from '@/domain/kol/kol-file'
import type { WithPending } from '@/offline/merge-pending'
import type { Kol } from './kol-overlay'

const field = (name: string) => kolFile.fields.find((f) => f.name === name)!
const statusField = field('contactStatus')
const followersField = field('tkFollowers')

/** The contact status by its dictionary label, as the CRUD table shows it. */
export const useStatusLabel = () => useCellFormatter(statusField)

function Line({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="md">{children || '—'}</Text>
    </div>
  )
}

export function KolCard({ kol, overdue }: { kol: WithPending<Kol>; overdue?: boolean }) {
  const statusLabel = useStatusLabel()
  const followers = useCellFormatter(followersField)
  return (
    <Card withBorder radius={10} padding="md" data-testid="kol-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="xl">
            {String(kol.kolName || kol.tkUserName || '')}
          </Text>
          <Group gap={6}>
            <PendingMark mark={kol.__pending} />
            {/* tt: a Badge upper-cases by default, which turns the label 'Created' into what reads as a raw code. */}
            {kol.contactStatus ? (
              <Badge variant="light" tt="none" data-testid="kol-status">
                {statusLabel(kol.contactStatus)}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <Line label={<Trans>TikTokId</Trans>}>{String(kol.tkUserName ?? '')}</Line>
          <Line label={<Trans>粉丝数</Trans>}>{followers(kol.tkFollowers)}</Line>
          <Line label={<Trans>最近联系时间</Trans>}>{String(kol.lastContactTime ?? '')}</Line>
          <Line label={<Trans>回复期限</Trans>}>
            <Text span c={overdue ? 'red' : undefined} fw={overdue ? 700 : undefined}>
              {String(kol.responseDeadline ?? '')}
            </Text>
          </Line>
        </SimpleGrid>
      </Stack>
    </Card>
  )
}
