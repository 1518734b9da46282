// Customer-service salaries (/finance/salary-cs): the generic list; the form previews the commission
// and the total.
import { useLingui } from '@lingui/react/macro'
import type { UseFormReturnType } from '@mantine/form'
import { CrudScreen } from '@/crud/crud-screen'
import type { FormValues } from '@/crud/form/form-values'
import { salaryCs } from '@/domain/finance/salary-cs'
import { csAmounts } from '@/domain/finance/salary-extra-math'
import { SalaryPreview } from './salary-preview'

function CsPreview({ form }: { form: UseFormReturnType<FormValues> }) {
  const { t } = useLingui()
  const a = csAmounts(form.values)
  return (
    <SalaryPreview
      figures={[
        { label: t`提成金额`, value: a.commissionAmount },
        { label: t`实发工资`, value: a.totalAmount },
      ]}
    />
  )
}

export default function SalaryCsScreen() {
  return (
    <CrudScreen
      entity={salaryCs}
      slots={{ formSection: ({ form }) => <CsPreview form={form} /> }}
    />
  )
}
