// The monthly salary summary (/finance/salary-month): read-only sums of each month's salary per
// source, computed by the server from the rows; above them the cost per month of the searched
// months; each row opens its rows in the salary detail screen (the 300 px menu column of spec §2).
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconListDetails } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import type { CrudSlots } from '@/crud/slots'
import { salaryMonth } from '@/domain/finance/salary-month'
import { SalaryMonthChart } from './salary-month-chart'

export default function SalaryMonthScreen() {
  const navigate = useNavigate()
  const openRows = (row: Row) =>
    void navigate({ to: '/$', params: { _splat: 'finance/salary-detail' }, search: { current: 1, size: 10, detailDate_ge: String(row.detailDate), detailDate_le: String(row.detailDate), salarySource: String(row.salarySource) } })
  const slots: CrudSlots = {
    header: (_rows, ctx) => {
      const { current: _c, size: _s, ascs: _a, descs: _d, ...filters } = ctx.params
      return <SalaryMonthChart filters={filters} />
    },
    rowActions: (row) => (
      <Button size="compact-sm" variant="subtle" leftSection={<IconListDetails size={14} />} onClick={() => openRows(row)}>
        <Trans>工资明细</Trans>
      </Button>
    ),
  }
  return <CrudScreen entity={salaryMonth} slots={slots} />
}
