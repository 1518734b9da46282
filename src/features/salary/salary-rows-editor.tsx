// The salary form's detail rows: "Fill from employees" adds a row per employed employee the salary
// lacks; rows are added and removed in place; under them the number of employees and the net pay
// of the month as the server will compute it (its figures are what is stored).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Input, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconPlus, IconUsersPlus } from '@tabler/icons-react'
import type { FormRow, FormValues } from '@/crud/form-values'
import { salaryAmounts } from '@/domain/finance/salary-math'
import { formatNumber } from '@/domain/format'
import { SalaryRowCard } from './salary-row-card'
import { basisOf, emptyRow, rowsFromEmployees, useSalaryEmployees } from './salary-employees'

export function SalaryRowsEditor({ form }: { form: UseFormReturnType<FormValues> }) {
  const { t } = useLingui()
  const employees = useSalaryEmployees()
  const list = employees.data ?? []
  const rows = (form.values.detail as FormRow[] | undefined) ?? []
  const taken = new Set(rows.map((r) => String(r.dmrEmpId ?? '')).filter(Boolean))
  const total = rows.reduce((sum, r) => {
    const a = salaryAmounts(basisOf(list.find((e) => e.id === r.dmrEmpId)), { ...r, salaryAmount: r.salaryAmountManual ? r.salaryAmount : '', intershipAmount: r.intershipAmountManual ? r.intershipAmount : '' })
    return sum + (a.totalAmount ?? 0)
  }, 0)
  const fill = () => {
    const added = rowsFromEmployees(rows, list)
    for (const row of added) form.insertListItem('detail', row)
    notifications.show({ color: added.length ? 'green' : 'yellow', message: added.length ? t`已添加 ${added.length} 名在职员工` : t`在职员工都已在工资单中` })
  }
  return (
    <Input.Wrapper label={t`工资明细`} required error={form.errors.detail} role="group" aria-label={t`工资明细`}>
      <Stack gap="xs" mt={4}>
        <Group gap="xs">
          <Button variant="light" size="xs" leftSection={<IconUsersPlus size={14} />} loading={employees.isPending} onClick={fill}>
            <Trans>从员工填充</Trans>
          </Button>
          <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('detail', emptyRow(rows[0]?.standardDays))}>
            <Trans>添加员工</Trans>
          </Button>
        </Group>
        {employees.isError && (
          <Text c="red" size="sm">
            <Trans>员工列表加载失败，请稍后重试</Trans>
          </Text>
        )}
        {rows.length === 0 && (
          <Text c="dimmed" size="sm" ta="center">
            <Trans>暂无工资明细，请从员工填充或添加员工</Trans>
          </Text>
        )}
        {rows.map((row, i) => (
          <SalaryRowCard key={i} form={form} index={i} row={row} employees={list} taken={taken} />
        ))}
        <Text size="sm" ta="right">
          <Trans>人数</Trans> <b>{rows.length}</b> · <Trans>实发工资合计</Trans>{' '}
          <Text span fw={700} aria-label={t`实发工资合计`}>
            {formatNumber('vnd', total)}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            <Trans>(以保存后服务器计算为准)</Trans>
          </Text>
        </Text>
      </Stack>
    </Input.Wrapper>
  )
}
