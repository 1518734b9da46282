// Salaries (/finance/salary): the generic list of salaries (month, source, head count, net pay),
// whose form edits the detail rows with "Fill from employees" (salary-rows-editor.tsx). A new
// salary is for last month, the one usually paid.
import dayjs from 'dayjs'
import { CrudScreen } from '@/crud/crud-screen'
import type { CrudSlots } from '@/crud/slots'
import { salary } from '@/domain/finance/salary'
import { SalaryRowsEditor } from './salary-rows-editor'

const formControls: CrudSlots['formControls'] = {
  detail: ({ form, record }) => <SalaryRowsEditor form={form} record={record} />,
}

export default function SalaryScreen() {
  // Read when the add dialog opens.
  const slots: CrudSlots = {
    formControls,
    addDefaults: { detailDate: dayjs().subtract(1, 'month').format('YYYY-MM'), detail: [] },
  }
  return <CrudScreen entity={salary} slots={slots} />
}
