// The salary form's detail rows: "Fill from employees" adds a row per employed employee the salary
// lacks, leaving out (and counting) those another salary of the month already pays; rows are added
// and removed in place, a row of someone paid elsewhere warns, and saving such rows asks first
// (the body then carries confirmOtherSheets, which the server requires). Under the rows the number
// of employees and the net pay of the month as the server will compute it (its figures are stored).
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Input, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlus, IconUsersPlus } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import type { Row } from '@/crud/entity-api'
import type { FormRow, FormValues } from '@/crud/form/form-values'
import { salaryAmounts } from '@/domain/finance/salary-math'
import { formatNumber } from '@/domain/format'
import { SalaryRowCard } from './salary-row-card'
import {
  basisOf,
  emptyRow,
  paidElsewhere,
  rowsFromEmployees,
  useSalaryEmployees,
} from './salary-employees'
import { useOtherSheets } from './salary-other-sheets'

/** The body field that confirms paying employees another salary of the month pays (the server's CONFIRM_FLAG). */
const CONFIRM_FLAG = 'confirmOtherSheets'
/** Names shown in a message before "…". */
const NAMES_SHOWN = 5

const namesOf = (names: string[]) =>
  names.slice(0, NAMES_SHOWN).join('、') + (names.length > NAMES_SHOWN ? '…' : '')

export function SalaryRowsEditor({
  form,
  record,
}: {
  form: UseFormReturnType<FormValues>
  record: Row
}) {
  const { t } = useLingui()
  const employees = useSalaryEmployees()
  const list = employees.data ?? []
  const rows = (form.values.detail as FormRow[] | undefined) ?? []
  const { sheets: elsewhere, loading: elsewhereLoading } = useOtherSheets(
    form.values.detailDate,
    record.id,
  )
  const [filled, setFilled] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const taken = new Set(rows.map((r) => String(r.dmrEmpId ?? '')).filter(Boolean))
  const nameOf = (id: string) => list.find((e) => e.id === id)?.label ?? id
  const twice = [...taken].filter((id) => elsewhere.has(id))
  const twiceKey = twice.join(',')
  const total = rows.reduce((sum, r) => {
    const a = salaryAmounts(basisOf(list.find((e) => e.id === r.dmrEmpId)), {
      ...r,
      salaryAmount: r.salaryAmountManual ? r.salaryAmount : '',
      intershipAmount: r.intershipAmountManual ? r.intershipAmount : '',
    })
    return sum + (a.totalAmount ?? 0)
  }, 0)

  // The engine's form has no hook before its save: the submit is held here (before it reaches the
  // form's handler) while rows pay someone twice that the user has not confirmed yet.
  const confirmedKey = useRef<string | null>(null)
  const pending = useRef(twiceKey)
  pending.current = twiceKey
  useEffect(() => {
    const el = rootRef.current?.closest('form')
    if (!el) return
    const hold = (e: SubmitEvent) => {
      if (!pending.current || pending.current === confirmedKey.current) return
      e.preventDefault()
      e.stopPropagation()
      setAsking(true)
    }
    el.addEventListener('submit', hold)
    return () => el.removeEventListener('submit', hold)
  }, [])
  const confirm = () => {
    setAsking(false)
    confirmedKey.current = pending.current
    form.setFieldValue(CONFIRM_FLAG, true)
    const el = rootRef.current?.closest('form')
    setTimeout(() => el?.requestSubmit())
  }

  const fill = () => {
    const added = rowsFromEmployees(rows, list, elsewhere)
    const left = paidElsewhere(rows, list, elsewhere)
    for (const row of added) form.insertListItem('detail', row)
    const done = added.length
      ? t`已添加 ${added.length} 名在职员工`
      : left.length
        ? t`没有添加员工`
        : t`在职员工都已在工资单中`
    const names = namesOf(left.map((e) => e.label))
    setFilled(
      left.length
        ? `${done}；${t`${left.length} 名员工已在本月其他工资单中，未添加：${names}`}`
        : done,
    )
  }
  const sheetsOf = (id: unknown) => (id ? elsewhere.get(String(id)) : undefined)
  return (
    <Input.Wrapper
      ref={rootRef}
      label={t`工资明细`}
      required
      error={form.errors.detail}
      role="group"
      aria-label={t`工资明细`}
    >
      <Stack gap="xs" mt={4}>
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconUsersPlus size={14} />}
            loading={employees.isPending || elsewhereLoading}
            onClick={fill}
          >
            <Trans>从员工填充</Trans>
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('detail', emptyRow(rows[0]?.standardDays))}
          >
            <Trans>添加员工</Trans>
          </Button>
        </Group>
        {filled && (
          <Text size="sm" role="status" data-testid="salary-fill-result">
            {filled}
          </Text>
        )}
        {employees.isError && (
          <Text c="red" size="sm">
            <Trans>员工列表加载失败，请稍后重试</Trans>
          </Text>
        )}
        {twice.length > 0 && (
          <Alert color="orange" p="xs" data-testid="salary-paid-twice">
            <Trans>{twice.length} 名员工本月已在其他工资单中，保存时需确认重复发放</Trans>
          </Alert>
        )}
        {rows.length === 0 && (
          <Text c="dimmed" size="sm" ta="center">
            <Trans>暂无工资明细，请从员工填充或添加员工</Trans>
          </Text>
        )}
        {rows.map((row, i) => (
          <SalaryRowCard
            key={i}
            form={form}
            index={i}
            row={row}
            employees={list}
            taken={taken}
            otherSheets={sheetsOf(row.dmrEmpId)}
          />
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
      {asking && (
        <ConfirmDialog
          message={t`这些员工本月已在其他工资单中领取工资：${namesOf(twice.map(nameOf))}。确定在本工资单中再次发放？`}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </Input.Wrapper>
  )
}
