// A job's instances (newest first, refreshed every few seconds): status, trigger time, duration,
// attempt and result; a row's log button (or a click on the row) opens its log lines.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Code, Drawer, ScrollArea, Table, Text } from '@mantine/core'
import { useState } from 'react'
import { useJobInstanceLogs, useJobInstances, type JobInstance } from './job-api'

const STATUS_COLOR: Record<number, string> = {
  1: 'gray',
  3: 'blue',
  4: 'red',
  5: 'green',
  10: 'orange',
}
const LEVELS: Record<number, string> = { 1: 'DEBUG', 2: 'INFO', 3: 'WARN', 4: 'ERROR' }

function StatusBadge({ status }: { status: number }) {
  const { t } = useLingui()
  const label: Record<number, string> = {
    1: t`等待运行`,
    3: t`运行中`,
    4: t`失败`,
    5: t`成功`,
    10: t`已停止`,
  }
  return <Badge color={STATUS_COLOR[status] ?? 'gray'}>{label[status] ?? String(status)}</Badge>
}

function Logs({ id }: { id: string }) {
  const detail = useJobInstanceLogs(id)
  const logs = detail.data?.logs ?? []
  if (!logs.length)
    return (
      <Text size="sm" c="dimmed">
        <Trans>暂无日志</Trans>
      </Text>
    )
  return (
    <Code block data-testid="job-instance-logs">
      {logs.map((l) => `${l.time} [${LEVELS[l.logLevel] ?? l.logLevel}] ${l.content}`).join('\n')}
    </Code>
  )
}

export function JobInstancesDrawer({
  jobId,
  title,
  onClose,
}: {
  jobId: string
  title: string
  onClose: () => void
}) {
  const { t } = useLingui()
  const instances = useJobInstances(jobId)
  const [open, setOpen] = useState<string | null>(null)
  const rows: JobInstance[] = instances.data?.records ?? []
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={t`运行记录: ${title}`}>
      <ScrollArea>
        <Table highlightOnHover aria-label={t`运行记录`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>状态</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>触发时间</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>耗时(毫秒)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>运行次数</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>结果</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>日志</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={r.id}
                onClick={() => setOpen(open === r.id ? null : r.id)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <StatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>{r.triggerTime}</Table.Td>
                <Table.Td>{r.duration ?? ''}</Table.Td>
                <Table.Td>{r.attempt}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {r.result}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-expanded={open === r.id}
                    aria-label={t`查看日志 ${r.triggerTime}`}
                    onClick={(e) => (e.stopPropagation(), setOpen(open === r.id ? null : r.id))}
                  >
                    <Trans>查看</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!rows.length && !instances.isPending && (
          <Text c="dimmed" size="sm" mt="md">
            <Trans>暂无运行记录</Trans>
          </Text>
        )}
        {open && <Logs id={open} />}
      </ScrollArea>
    </Drawer>
  )
}
