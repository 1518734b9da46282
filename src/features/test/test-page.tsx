// A simple test page (/test/index): the session at a glance and a way to check that a screen
// error is caught by the shell and recorded in the error log.
import { useLingui } from '@lingui/react/macro'
import { Button, Card, Code, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useSession } from '@/api/session'

function Thrower(): never {
  throw new Error('Test error from /test/index')
}

export function TestPage() {
  const { t } = useLingui()
  const [boom, setBoom] = useState(false)
  const account = useSession((s) => s.userInfo.account ?? '')
  const buttons = useSession((s) => Object.keys(s.permission).length)
  return (
    <Card radius={10} withBorder padding="lg">
      <Stack>
        <Title order={3}>{t`测试页`}</Title>
        <Text>
          {t`当前账号`}: <Code>{account || '-'}</Code> · {t`按钮权限`}: <Code>{buttons}</Code>
        </Text>
        <Text
          size="sm"
          c="dimmed"
        >{t`点击下面的按钮会让本页抛出错误，用于检查错误边界和错误日志。`}</Text>
        <div>
          <Button
            color="red"
            variant="light"
            onClick={() => setBoom(true)}
          >{t`触发测试错误`}</Button>
        </div>
        {boom && <Thrower />}
      </Stack>
    </Card>
  )
}
