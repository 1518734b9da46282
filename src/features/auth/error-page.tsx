import { useLingui } from '@lingui/react/macro'
import { Button, Center, Stack, Text, Title } from '@mantine/core'

export type ErrorCode = 403 | 404 | 500

/** /403, /404 and /500 with a way back home. */
export function ErrorPage({ code, onHome }: { code: ErrorCode; onHome: () => void }) {
  const { t } = useLingui()
  const text: Record<ErrorCode, string> = {
    403: t`抱歉，你无权访问该页面`,
    404: t`抱歉，你访问的页面不存在`,
    500: t`抱歉，服务器出错了`,
  }
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1} fz={96} c="dimmed">
          {code}
        </Title>
        <Text size="lg">{text[code]}</Text>
        <Button onClick={onHome}>{t`返回首页`}</Button>
      </Stack>
    </Center>
  )
}
