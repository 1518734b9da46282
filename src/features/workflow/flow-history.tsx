// A process's history (process/history-flow-list): who handled which step, when, how long, and
// with what comment; the steps still open say so. It is also the diagram's text alternative.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Stack, Text, Timeline } from '@mantine/core'
import type { FlowHistoryEntry } from '@/domain/workflow/flow-records'
import { readableHistory } from './flow-marks'

export function FlowHistory({ history }: { history: FlowHistoryEntry[] }) {
  const { t } = useLingui()
  const entries = readableHistory(history)
  if (!entries.length)
    return (
      <Text size="sm" c="dimmed">
        <Trans>暂无流转记录</Trans>
      </Text>
    )
  return (
    <Timeline
      bulletSize={14}
      lineWidth={2}
      active={entries.length - 1}
      aria-label={t`流转记录`}
      data-testid="flow-history"
    >
      {entries.map((h, i) => (
        <Timeline.Item
          key={`${h.historyActivityId}-${i}`}
          title={h.historyActivityName || h.historyActivityId}
        >
          <Stack gap={2}>
            <Text size="sm">
              {h.assigneeName ? t`处理人：${h.assigneeName}` : null}{' '}
              {!h.endTime && <Badge size="xs" color="blue" variant="light">{t`处理中`}</Badge>}
            </Text>
            <Text size="xs" c="dimmed">
              {h.endTime ? t`${h.createTime} 至 ${h.endTime}` : t`${h.createTime} 开始`}
            </Text>
            {h.historyActivityDurationTime && (
              <Text size="xs" c="dimmed">{t`历时：${h.historyActivityDurationTime}`}</Text>
            )}
            {h.comment && <Text size="sm">{t`意见：${h.comment}`}</Text>}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  )
}
