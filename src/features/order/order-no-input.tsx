// The order number: typed (any number the shop uses) or left empty, when the server gives the next
// of the order's day (DH + yyMMdd + 4 digits). The placeholder shows that next number, as the server
// would give it now (another order saved first takes it; the server then gives the one after).
import { useLingui } from '@lingui/react/macro'
import type { UseFormReturnType } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import { http } from '@/api/http'
import { urlOf } from '@/crud/entity-api'
import { FormField, type FieldInputProps } from '@/crud/form/form-field'
import type { FormMode, FormValues } from '@/crud/form/form-values'
import { order } from '@/domain/order/order'

const orderNoField = order.fields.find((f) => f.name === 'orderNo')!

export function OrderNoInput({
  form,
  mode,
}: {
  form: UseFormReturnType<FormValues>
  mode: FormMode
}) {
  const { t } = useLingui()
  const day = String(form.values.orderTime ?? '').slice(0, 10)
  const next = useQuery({
    queryKey: ['crud', order.name, 'next-no', day],
    queryFn: async () =>
      (
        await http.get<{ orderNo: string | null }>(
          urlOf(order, 'next-no'),
          { orderTime: day },
          { silent: true },
        )
      )?.orderNo ?? null,
    enabled: mode === 'add' && /^\d{4}-\d{2}-\d{2}$/.test(day),
  })
  // Editing, an emptied number keeps the stored one.
  const hint =
    mode === 'edit'
      ? t`留空则保持原订单号`
      : next.data
        ? t`留空自动生成：${next.data}`
        : t`留空则自动生成`
  return (
    <FormField
      field={{ ...orderNoField, example: hint }}
      input={form.getInputProps('orderNo') as FieldInputProps}
      autoFocus
    />
  )
}
