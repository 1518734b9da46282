// The leave request form (/work/process/leave/form/{processDefinitionId}): start and end, the days
// they make, the reason and, if the applicant names one, the approver (else the administrator role
// approves). Submitting starts the process and goes to 已发事务. The process's diagram is below.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { DateTimePicker } from '@mantine/dates'
import { notifications } from '@mantine/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FIRST_PAGE } from './flow-routes'
import { useApprovers, useStartLeave } from './flow-api'
import { FlowDiagram } from './flow-diagram'
import { leaveDays } from '@/domain/workflow/leave-days'

interface Values {
  startTime: string
  endTime: string
  reason: string
  taskUser: string | null
}

export function LeaveFormPage({ processDefinitionId }: { processDefinitionId: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const approvers = useApprovers()
  const start = useStartLeave()
  const [v, setV] = useState<Values>({ startTime: '', endTime: '', reason: '', taskUser: null })
  const [shown, setShown] = useState<Partial<Record<keyof Values, boolean>>>({})
  const days = leaveDays(v.startTime, v.endTime)
  const errors: Partial<Record<keyof Values, string>> = {}
  if (!v.startTime) errors.startTime = t`请选择开始时间`
  if (!v.endTime) errors.endTime = t`请选择结束时间`
  else if (v.startTime && days === null) errors.endTime = t`结束时间须晚于开始时间`
  if (!v.reason.trim()) errors.reason = t`请输入请假理由`
  const set = (name: keyof Values, value: string | null) => {
    setV((old) => ({ ...old, [name]: value ?? '' }))
    setShown((old) => ({ ...old, [name]: true }))
  }
  const err = (name: keyof Values) => (shown[name] ? errors[name] : undefined)

  const submit = () => {
    setShown({ startTime: true, endTime: true, reason: true })
    if (Object.keys(errors).length) return
    start.mutate(
      {
        processDefinitionId,
        startTime: v.startTime,
        endTime: v.endTime,
        reason: v.reason.trim(),
        ...(v.taskUser ? { taskUser: v.taskUser } : {}),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t`请假申请已提交` })
          void navigate({ to: '/$', params: { _splat: 'work/send' }, search: FIRST_PAGE })
        },
      },
    )
  }

  return (
    <Stack>
      <Card
        withBorder
        radius={10}
        component="form"
        noValidate
        onSubmit={(e) => (e.preventDefault(), submit())}
      >
        <Title order={2} size="h4" mb="md">
          <Trans>请假申请</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateTimePicker
            label={t`开始时间`}
            required
            withSeconds
            clearable
            valueFormat="YYYY-MM-DD HH:mm:ss"
            submitButtonProps={{ 'aria-label': t`确定` }}
            value={v.startTime || null}
            onChange={(x) => set('startTime', x)}
            error={err('startTime')}
          />
          <DateTimePicker
            label={t`结束时间`}
            required
            withSeconds
            clearable
            valueFormat="YYYY-MM-DD HH:mm:ss"
            submitButtonProps={{ 'aria-label': t`确定` }}
            value={v.endTime || null}
            onChange={(x) => set('endTime', x)}
            error={err('endTime')}
          />
        </SimpleGrid>
        <Text size="sm" mt="sm" data-testid="leave-days" aria-live="polite">
          {days === null ? t`请假天数：选择开始与结束时间后计算` : t`请假天数：${days} 天`}
        </Text>
        <Textarea
          mt="md"
          label={t`请假理由`}
          required
          autosize
          minRows={3}
          maxLength={500}
          value={v.reason}
          onChange={(e) => setV({ ...v, reason: e.currentTarget.value })}
          onBlur={() => setShown({ ...shown, reason: true })}
          error={err('reason')}
        />
        <Select
          mt="md"
          label={t`审批人`}
          description={
            approvers.isError
              ? t`无法读取用户列表：将由管理员角色审批`
              : t`不选择时由管理员角色审批`
          }
          placeholder={t`管理员角色`}
          clearable
          searchable
          disabled={approvers.isError}
          data={(approvers.data ?? []).map((u) => ({
            value: u.id,
            label: u.realName ? `${u.realName} (${u.account})` : u.account,
          }))}
          value={v.taskUser}
          onChange={(x) => setV({ ...v, taskUser: x })}
        />
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() =>
              void navigate({ to: '/$', params: { _splat: 'work/start' }, search: FIRST_PAGE })
            }
          >
            <Trans>取消</Trans>
          </Button>
          <Button type="submit" loading={start.isPending}>
            <Trans>提交</Trans>
          </Button>
        </Group>
      </Card>
      <Card withBorder radius={10}>
        <Title order={2} size="h4" mb="sm">
          <Trans>流程图</Trans>
        </Title>
        <FlowDiagram of={{ processDefinitionId }} height={320} />
      </Card>
    </Stack>
  )
}
