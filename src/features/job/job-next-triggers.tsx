// Under the job form: the next five trigger times of the timing being typed, or why there are none.
import { Trans } from '@lingui/react/macro'
import { List, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { localMessage } from '@/i18n/server-message'
import type { FormSection } from '@/crud/form/crud-form'
import { useNextTriggers } from './job-api'

const TIMED = ['2', '3', '4']

export const JobNextTriggers: FormSection = ({ form }) => <Preview values={form.values} />

function Preview({ values }: { values: Record<string, unknown> }) {
  const text = (name: string) => String(values[name] ?? '')
  // Debounced as one string: a new object every render would restart the wait each time.
  const typed = JSON.stringify([
    text('timeExpressionType'),
    text('timeExpression'),
    text('timeZone'),
    text('lifecycle'),
  ])
  const [settled] = useDebouncedValue(typed, 400)
  const [timeExpressionType, timeExpression, timeZone, lifecycle] = JSON.parse(settled) as string[]
  const timing = {
    timeExpressionType: timeExpressionType!,
    timeExpression: timeExpression!,
    timeZone: timeZone!,
    lifecycle: lifecycle!,
  }
  const timed = TIMED.includes(timing.timeExpressionType) && timing.timeExpression.trim() !== ''
  const next = useNextTriggers(timing, timed)
  if (!timed) return null
  return (
    <Stack gap={4} mt="sm" data-testid="job-next-triggers">
      <Text size="sm" fw={500}>
        <Trans>接下来五次触发时间</Trans>
      </Text>
      {next.isError ? (
        <Text size="sm" c="red">
          {localMessage(next.error instanceof Error ? next.error.message : String(next.error))}
        </Text>
      ) : (
        <List size="sm">
          {(next.data ?? []).map((time) => (
            <List.Item key={time}>{time}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  )
}
