// MCN salaries (/finance/salary-mcn): the generic list; the form previews the sales commission and,
// for a saved row, the gift commission and total at its last gift value (the server reads the
// anchor's gift details of the month again on save).
import { useLingui } from '@lingui/react/macro'
import type { UseFormReturnType } from '@mantine/form'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import type { FormValues } from '@/crud/form/form-values'
import { mcnAmounts } from '@/domain/finance/salary-extra-math'
import { salaryMcn } from '@/domain/finance/salary-mcn'
import { SalaryPreview } from './salary-preview'

function McnPreview({ form, record }: { form: UseFormReturnType<FormValues>; record: Row }) {
  const { t } = useLingui()
  const known =
    record.giftValue !== undefined && record.giftValue !== null && record.giftValue !== ''
  const a = mcnAmounts({ ...form.values, giftValue: known ? record.giftValue : 0 })
  return (
    <SalaryPreview
      figures={[
        { label: t`礼物价值`, value: known ? Number(record.giftValue) : null },
        { label: t`礼物提成`, value: known ? a.giftCommission : null },
        { label: t`销售提成`, value: a.salesCommission },
        { label: t`实发工资`, value: known ? a.totalAmount : null },
      ]}
      note={t`礼物价值由服务器按该主播当月的礼物明细计算，保存时重新计算`}
    />
  )
}

export default function SalaryMcnScreen() {
  return (
    <CrudScreen
      entity={salaryMcn}
      slots={{ formSection: ({ form, record }) => <McnPreview form={form} record={record} /> }}
    />
  )
}
