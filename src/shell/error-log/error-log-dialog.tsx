// The error-log dialog (docs/product.md §2 "Error-log dialog"): type, address, message, stack and
// time of each local entry; upload to the server or clear the local log, each after a confirmation.
import { useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Code,
  Group,
  Modal,
  ScrollArea,
  Spoiler,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { uploadErrorLogs } from '@/api/auth'
import { logger } from '@/api/logger'
import { errorLogStore, useErrorLogs } from './error-log-store'

export function ErrorLogDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const logs = useErrorLogs()
  const [busy, setBusy] = useState(false)
  const confirm = (message: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title: t`提示`,
      children: message,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm,
    })

  const upload = () =>
    confirm(t`确定上传本地日志到服务器?`, () => {
      setBusy(true)
      uploadErrorLogs(errorLogStore.getState())
        .then(() => {
          errorLogStore.clear()
          notifications.show({ color: 'green', message: t`上传服务器成功` })
        })
        .catch((err: unknown) => logger.error('error-log upload', err))
        .finally(() => setBusy(false))
    })
  const clear = () =>
    confirm(t`确定清空本地日志记录?`, () => {
      errorLogStore.clear()
      notifications.show({ color: 'green', message: t`清空成功` })
    })

  return (
    <Modal opened={opened} onClose={onClose} title={t`错误日志`} size="90%" radius={10}>
      <Group justify="flex-end" mb="sm">
        <Button onClick={upload} loading={busy} disabled={!logs.length}>{t`上传服务器`}</Button>
        <Button
          color="red"
          variant="light"
          onClick={clear}
          disabled={!logs.length}
        >{t`清空本地日志`}</Button>
      </Group>
      {logs.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">{t`暂无错误日志`}</Text>
      ) : (
        <ScrollArea>
          <Table striped withTableBorder miw={720} data-testid="error-log-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`类型`}</Table.Th>
                <Table.Th>{t`地址`}</Table.Th>
                <Table.Th>{t`内容`}</Table.Th>
                <Table.Th>{t`错误堆栈`}</Table.Th>
                <Table.Th>{t`时间`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logs.map((log, i) => (
                <Table.Tr key={`${log.time}-${i}`}>
                  <Table.Td>
                    <Badge color="red" variant="light">
                      {log.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td maw={220} style={{ wordBreak: 'break-all' }}>
                    {log.url}
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Stack gap={2}>
                      <Text size="sm" c="red">
                        {log.message}
                      </Text>
                      {log.info && (
                        <Text size="xs" c="dimmed">
                          {log.info}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td maw={320}>
                    <Spoiler maxHeight={60} showLabel={t`展开`} hideLabel={t`收起`}>
                      <Code block fz="xs">
                        {log.stack || '-'}
                      </Code>
                    </Spoiler>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{log.time}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  )
}
