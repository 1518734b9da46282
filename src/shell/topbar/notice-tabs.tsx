// The notice popover's tabs (mail, messages, notices), in a module of its own: they load when the
// popover is first opened, so the shell's first download does not carry them.
import { useLingui } from '@lingui/react/macro'
import { EmptyState, Loader, ScrollArea, Stack, Tabs, Text, UnstyledButton } from '@mantine/core'
import { IconMail, IconMessage, IconSpeakerphone } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { latestNoticesQuery } from '../notice/notice-api'

function NoticeList() {
  const { t } = useLingui()
  const q = useQuery(latestNoticesQuery())
  if (q.isPending) return <Loader size="sm" m="md" />
  if (q.isError)
    return (
      <EmptyState
        size="sm"
        icon={<IconSpeakerphone />}
        title={t`通知加载失败`}
        description={t`请稍后重试`}
      />
    )
  if (!q.data.records.length)
    return <EmptyState size="sm" icon={<IconSpeakerphone />} title={t`暂无通知`} />
  return (
    <Stack gap={0} data-testid="notice-list">
      {q.data.records.map((n) => (
        <UnstyledButton
          key={n.id}
          p="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" lineClamp={1}>
            {n.title}
          </Text>
          <Text size="xs" c="dimmed">
            {[n.categoryName, n.releaseTime].filter(Boolean).join(' · ')}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  )
}

export function NoticeTabs() {
  const { t } = useLingui()
  return (
    <Tabs defaultValue="notices">
      <Tabs.List grow>
        <Tabs.Tab value="mail" leftSection={<IconMail size={14} />}>{t`邮件`}</Tabs.Tab>
        <Tabs.Tab value="messages" leftSection={<IconMessage size={14} />}>{t`消息`}</Tabs.Tab>
        <Tabs.Tab value="notices" leftSection={<IconSpeakerphone size={14} />}>{t`通知`}</Tabs.Tab>
      </Tabs.List>
      <ScrollArea.Autosize mah={320}>
        <Tabs.Panel value="mail">
          <EmptyState
            size="sm"
            py="md"
            icon={<IconMail />}
            title={t`暂无邮件`}
            description={t`邮件功能尚未接入服务器`}
          />
        </Tabs.Panel>
        <Tabs.Panel value="messages">
          <EmptyState
            size="sm"
            py="md"
            icon={<IconMessage />}
            title={t`暂无消息`}
            description={t`消息功能尚未接入服务器`}
          />
        </Tabs.Panel>
        <Tabs.Panel value="notices">
          <NoticeList />
        </Tabs.Panel>
      </ScrollArea.Autosize>
    </Tabs>
  )
}
