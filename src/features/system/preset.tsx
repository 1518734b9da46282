// Start values of an add dialog ('新增子项' fills in the parent). The engine's form has no
// add-time values (its `fixed` body values lose to declared fields), so a form section sets them
// once when the form opens.
import type { UseFormReturnType } from '@mantine/form'
import { useEffect, useRef } from 'react'
import type { FormSection } from '@/crud/crud-form'
import type { FormValues } from '@/crud/form-values'

function Preset({ form, values }: { form: UseFormReturnType<FormValues>; values: Record<string, string> }) {
  const applied = useRef(false)
  useEffect(() => {
    if (applied.current) return
    applied.current = true
    form.setValues(values)
  })
  return null
}

export function presetSection(values: Record<string, string> | undefined): FormSection | undefined {
  if (!values || Object.keys(values).length === 0) return undefined
  return ({ form, mode }) => (mode === 'add' ? <Preset form={form} values={values} /> : null)
}
