// The notice popover (spec §2 "Top bar"): tabs mail, messages and notices. Notices come from the
// server; mail and messages have no server source yet and say so.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, EmptyState, Indicator, Loader, Popover, ScrollArea, Stack, Tabs, Text, Tooltip, UnstyledButton } from '@mantine/core'
import { IconBell, IconMail, IconMessage, IconSpeakerphone } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { latestNoticesQuery } from '../notice/notice-api'

function NoticeList() {
  const { t } = useLingui()
  const q = useQuery(latestNoticesQuery())
  if (q.isPending) return <Loader size="sm" m="md" />
  if (q.isError) return <EmptyState size="sm" icon={<IconSpeakerphone />} title={t`通知加载失败`} description={t`请稍后重试`} />
  if (!q.data.records.length) return <EmptyState size="sm" icon={<IconSpeakerphone />} title={t`暂无通知`} />
  return (
    <Stack gap={0} data-testid="notice-list">
      {q.data.records.map((n) => (
        <UnstyledButton key={n.id} p="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="sm" lineClamp={1}>{n.title}</Text>
          <Text size="xs" c="dimmed">
            {[n.categoryName, n.releaseTime].filter(Boolean).join(' · ')}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  )
}

export function NoticePopover() {
  const { t } = useLingui()
  const total = useQuery(latestNoticesQuery()).data?.total ?? 0
  return (
    <Popover width={320} position="bottom-end" shadow="md" radius={10} withinPortal>
      <Popover.Target>
        <Tooltip label={t`通知`}>
          <Indicator disabled={!total} label={total > 99 ? '99+' : total} size={16} offset={4}>
            <ActionIcon variant="subtle" size="lg" aria-label={t`通知`} data-testid="notice-button">
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Tabs defaultValue="notices">
          <Tabs.List grow>
            <Tabs.Tab value="mail" leftSection={<IconMail size={14} />}>{t`邮件`}</Tabs.Tab>
            <Tabs.Tab value="messages" leftSection={<IconMessage size={14} />}>{t`消息`}</Tabs.Tab>
            <Tabs.Tab value="notices" leftSection={<IconSpeakerphone size={14} />}>{t`通知`}</Tabs.Tab>
          </Tabs.List>
          <ScrollArea.Autosize mah={320}>
            <Tabs.Panel value="mail">
              <EmptyState size="sm" py="md" icon={<IconMail />} title={t`暂无邮件`} description={t`邮件功能尚未接入服务器`} />
            </Tabs.Panel>
            <Tabs.Panel value="messages">
              <EmptyState size="sm" py="md" icon={<IconMessage />} title={t`暂无消息`} description={t`消息功能尚未接入服务器`} />
            </Tabs.Panel>
            <Tabs.Panel value="notices">
              <NoticeList />
            </Tabs.Panel>
          </ScrollArea.Autosize>
        </Tabs>
      </Popover.Dropdown>
    </Popover>
  )
}
