// The monthly salary summary (/finance/salary-month): read-only sums of each month's salary per
// source, computed by the server from the rows; above them the cost per month of the searched
// months; each row opens its rows in the salary detail screen (its 300 px menu column:
// docs/product.md §2 "Layout specifics"). A salary paying employees whom another salary of the
// month pays too is marked, naming them.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Tooltip } from '@mantine/core'
import { IconListDetails } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import type { CrudSlots } from '@/crud/slots'
import { salaryMonth } from '@/domain/finance/salary-month'
import { SalaryMonthChart } from './salary-month-chart'

export default function SalaryMonthScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const openRows = (row: Row) =>
    void navigate({
      to: '/$',
      params: { _splat: 'finance/salary-detail' },
      search: {
        current: 1,
        size: 10,
        detailDate_ge: String(row.detailDate),
        detailDate_le: String(row.detailDate),
        salarySource: String(row.salarySource),
      },
    })
  const slots: CrudSlots = {
    header: (_rows, ctx) => {
      const { current: _c, size: _s, ascs: _a, descs: _d, ...filters } = ctx.params
      return <SalaryMonthChart filters={filters} />
    },
    cells: {
      repeatCount: (row) => {
        const n = Number(row.repeatCount ?? 0)
        if (!n) return '0'
        const names = String(row.repeatNames ?? '')
        return (
          <Tooltip label={names} multiline maw={320}>
            <Badge
              color="red"
              variant="light"
              aria-label={t`${n} 名员工在本月其他工资单中也发放工资：${names}`}
            >
              {t`重复 ${n} 人`}
            </Badge>
          </Tooltip>
        )
      },
    },
    rowActions: (row) => (
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconListDetails size={14} />}
        onClick={() => openRows(row)}
      >
        <Trans>工资明细</Trans>
      </Button>
    ),
  }
  return <CrudScreen entity={salaryMonth} slots={slots} />
}
