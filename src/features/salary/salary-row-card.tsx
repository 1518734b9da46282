// One employee's row of the salary form: the employee, the days, the amounts and the net pay the
// server will compute (salary-math.ts, the same computation). salaryAmount and intershipAmount show
// the computed figure as their placeholder; typing one sets it by hand, clearing it computes again.
// Stacked on a phone, two lines on wider screens. A row of an employee another salary of the month
// pays warns, naming that salary; days worked and interned above the standard days are refused.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import {
  ActionIcon,
  Grid,
  NumberInput,
  Paper,
  Select,
  Text,
  type NumberInputProps,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconTrash } from '@tabler/icons-react'
import type { FormRow, FormValues } from '@/crud/form/form-values'
import { daysOverStandard, salaryAmounts, salaryMessages } from '@/domain/finance/salary-math'
import { formatNumber } from '@/domain/format'
import { basisOf, type PickedEmployee } from './salary-employees'

interface Props {
  form: UseFormReturnType<FormValues>
  index: number
  row: FormRow
  employees: PickedEmployee[]
  /** Employees other rows hold: not offered again (one employee once per salary). */
  taken: Set<string>
  /** The other salaries of the month that pay this row's employee (by source label). */
  otherSheets?: string[]
}

const vnd = (v: number | null) => (v === null ? '-' : formatNumber('vnd', v))

export function SalaryRowCard({ form, index, row, employees, taken, otherSheets }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const path = (name: string) => `detail.${index}.${name}`
  const n = index + 1
  const employee = employees.find((e) => e.id === row.dmrEmpId)
  const amounts = salaryAmounts(basisOf(employee), {
    ...row,
    salaryAmount: row.salaryAmountManual ? row.salaryAmount : '',
    intershipAmount: row.intershipAmountManual ? row.intershipAmount : '',
  })
  const empInput = form.getInputProps(path('dmrEmpId'))
  const data = employees
    .filter((e) => e.id === row.dmrEmpId || !taken.has(e.id))
    .map((e) => ({ value: e.id, label: e.label }))
  if (row.dmrEmpId && !employee)
    data.unshift({ value: String(row.dmrEmpId), label: String(row.dmrEmpId) })
  const number = (name: string, label: string, extra: NumberInputProps = {}) => (
    <NumberInput
      label={label}
      aria-label={`${label} ${n}`}
      min={0}
      clampBehavior="none"
      thousandSeparator=","
      hideControls
      {...form.getInputProps(path(name))}
      {...extra}
    />
  )
  /** An amount the server computes unless typed: the typed value, or empty with the computed one as placeholder. */
  const override = (name: 'salaryAmount' | 'intershipAmount', label: string) => {
    const manual = row[`${name}Manual`] === true
    return number(name, label, {
      value: manual ? (row[name] as number | string) : '',
      placeholder: vnd(amounts[name]),
      description: manual ? t`手工调整，清空则自动计算` : t`自动计算`,
      onChange: (v) => {
        form.setFieldValue(path(name), v)
        form.setFieldValue(path(`${name}Manual`), v !== '')
      },
    })
  }
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`salary-row-${n}`}>
      <Grid columns={24} gap="xs" align="flex-end">
        <Grid.Col span={{ base: 24, md: 8 }}>
          <Select
            label={t`员工`}
            aria-label={t`员工 ${n}`}
            required
            searchable
            data={data}
            value={(row.dmrEmpId as string | null) || null}
            onChange={(v) => {
              form.setFieldValue(path('dmrEmpId'), v)
              queueMicrotask(() => form.validateField(path('dmrEmpId')))
            }}
            error={empInput.error}
            onBlur={empInput.onBlur}
            nothingFoundMessage={t`没有匹配的员工`}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 8, md: 4 }}>
          {number('standardDays', t`标准天数`, { max: 31, decimalScale: 2 })}
        </Grid.Col>
        <Grid.Col span={{ base: 8, md: 4 }}>
          {number('labourDays', t`出勤天数`, { max: 31, decimalScale: 2 })}
        </Grid.Col>
        <Grid.Col span={{ base: 8, md: 4 }}>
          {number('intershipDays', t`实习天数`, { max: 31, decimalScale: 2 })}
        </Grid.Col>
        <Grid.Col span={{ base: 20, md: 3 }}>
          <Text size="xs" c="dimmed">
            <Trans>实发工资</Trans>
          </Text>
          <Text
            fw={700}
            size="sm"
            py={8}
            style={{ whiteSpace: 'nowrap' }}
            aria-label={t`实发工资 ${n}`}
          >
            {vnd(amounts.totalAmount)}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 4, md: 1 }}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t`删除第${n}行`}
            onClick={() => form.removeListItem('detail', index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 4 }}>
          {override('salaryAmount', t`工资金额`)}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 4 }}>
          {override('intershipAmount', t`实习工资金额`)}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 4 }}>
          {number('benefitAmount', t`福利金额`, { placeholder: vnd(amounts.benefitAmount) })}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>{number('bonusAmount', t`奖金`)}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          {number('insuranceAmount', t`公司缴纳保险`)}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          {number('insuranceEmpAmount', t`个人缴纳保险`)}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>{number('empTax', t`个人所得税`)}</Grid.Col>
      </Grid>
      {otherSheets && otherSheets.length > 0 && (
        <Text c="orange.9" size="sm" mt={4} data-testid={`salary-row-${n}-elsewhere`}>
          {t`${employee?.label ?? String(row.dmrEmpId)} 本月已在「${otherSheets.join('」「')}」工资单中，保存时需确认重复发放`}
        </Text>
      )}
      {daysOverStandard(row) && (
        <Text c="red" size="sm" mt={4} role="alert">
          {i18n._(salaryMessages.daysOverStandard)}
        </Text>
      )}
      {amounts.totalAmount === null && (
        <Text c="red" size="sm" mt={4} role="alert">
          {i18n._(salaryMessages.standardDays)}
        </Text>
      )}
      {amounts.totalAmount !== null && amounts.totalAmount < 0 && (
        <Text c="red" size="sm" mt={4} role="alert">
          {i18n._(salaryMessages.negativeTotal)}
        </Text>
      )}
    </Paper>
  )
}
