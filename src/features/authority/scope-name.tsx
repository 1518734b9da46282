// A new data scope of the chosen menu is named as Saber names it: `<menu> [<type>]`, with the
// column the type works on, both following the type as it is chosen. (The menu and its code are
// the form's add-time values: see scope-screen.tsx.)
import type { UseFormReturnType } from '@mantine/form'
import { useEffect } from 'react'
import { useFieldOptions } from '@/crud/dict-options'
import type { FormValues } from '@/crud/form/form-values'
import type { FieldDef } from '@/domain/entity'

/** scopeColumn by data scope type: 2 own rows, 3/4 own dept (and below); 1 all has no column. */
export function scopeColumnOf(type: number): string | undefined {
  return (
    { 1: '-', 2: 'create_user', 3: 'create_dept', 4: 'create_dept' } as Record<number, string>
  )[type]
}

interface Props {
  form: UseFormReturnType<FormValues>
  menuName: string
  /** The scopeType field (its dictionary names the type). */
  typeField: FieldDef
}

export function ScopeName({ form, menuName, typeField }: Props) {
  const { options } = useFieldOptions(typeField)
  const type = form.values.scopeType
  useEffect(() => {
    if (type === null || type === undefined || type === '') return
    const name = options.find((o) => o.value === String(type))?.label ?? String(type)
    form.setFieldValue('scopeName', `${menuName} [${name}]`)
    const column = scopeColumnOf(Number(type))
    if (column !== undefined) form.setFieldValue('scopeColumn', column)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the type (or its names) change, not on every keystroke
  }, [type, options, menuName])
  return null
}
