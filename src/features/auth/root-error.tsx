import { useLingui } from '@lingui/react/macro'
import { Alert, Button, Center, Code, Stack } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useEffect } from 'react'
import { logger } from '@/api/logger'

/** The last-resort error screen of the router: what failed, and a reload. */
export function RootError({ error }: { error: unknown }) {
  const { t } = useLingui()
  const message = error instanceof Error ? error.message : String(error)
  useEffect(() => {
    logger.error('route', error)
  }, [error])
  return (
    <Center mih="100vh" p="md">
      <Alert color="red" icon={<IconAlertTriangle />} title={t`页面出错了`} maw={560} w="100%">
        <Stack gap="sm">
          <Code block>{message}</Code>
          <Button color="red" variant="light" onClick={() => window.location.reload()}>
            {t`重新加载`}
          </Button>
        </Stack>
      </Alert>
    </Center>
  )
}
