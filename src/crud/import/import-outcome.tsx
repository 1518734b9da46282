// The end of an import: the counts, or the row errors (row, column, message) with their download.
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Alert, Button, Group, ScrollArea, SimpleGrid, Table, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { localMessage } from '@/i18n/server-message'
import type { ImportResult, ImportRowError } from './import-api'

export function ImportCounts({ result }: { result: ImportResult }) {
  const { t } = useT()
  const items = [
    [t`总行数`, result.total],
    [t`新增`, result.inserted],
    [t`更新`, result.updated],
    [t`未变化`, result.unchanged],
  ] as const
  return (
    <Alert color="green" title={t`导入完成`}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} role="status">
        {items.map(([label, n]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{n}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Alert>
  )
}

export function ImportErrors({
  message,
  errors,
  count,
  onDownload,
}: {
  message: string
  errors: ImportRowError[]
  count: number
  onDownload?: () => void
}) {
  const { t } = useT()
  const shown = errors.length
  return (
    <>
      <Alert color="red" title={t`导入失败，未写入任何数据`} mb="sm">
        {message}
      </Alert>
      {shown > 0 && (
        <>
          <Group justify="space-between" mb={4}>
            <Text size="sm">
              {count > shown ? (
                <Trans>
                  共 {count} 处错误，显示前 {shown} 处
                </Trans>
              ) : (
                <Trans>共 {count} 处错误</Trans>
              )}
            </Text>
            {onDownload && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                onClick={onDownload}
              >
                <Trans>下载错误明细</Trans>
              </Button>
            )}
          </Group>
          <ScrollArea.Autosize mah={300} type="auto">
            <Table striped withTableBorder fz="sm" aria-label={t`错误明细`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>行号</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>列</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>错误信息</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((e, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{e.row || '-'}</Table.Td>
                    <Table.Td>{e.column || '-'}</Table.Td>
                    <Table.Td>{localMessage(e.message)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
    </>
  )
}
