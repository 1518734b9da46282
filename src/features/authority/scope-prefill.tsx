// New scopes of the chosen menu start filled in as Saber does: the menu, its code as resource code,
// and for data scopes the name `<menu> [<type>]` and the column the type works on.
import type { UseFormReturnType } from '@mantine/form'
import { useEffect, useRef } from 'react'
import { useFieldOptions } from '@/crud/dict-options'
import type { FormValues } from '@/crud/form-values'
import type { FieldDef } from '@/domain/entity'
import type { PickedMenu } from './menu-tree-panel'

/** scopeColumn by data scope type: 2 own rows, 3/4 own dept (and below); 1 all has no column. */
export function scopeColumnOf(type: number): string | undefined {
  return ({ 1: '-', 2: 'create_user', 3: 'create_dept', 4: 'create_dept' } as Record<number, string>)[type]
}

interface Props {
  form: UseFormReturnType<FormValues>
  menu: PickedMenu
  code: string | undefined
  /** Data scopes: the scopeType field (its dictionary names the type). */
  typeField?: FieldDef
}

export function ScopePrefill({ form, menu, code, typeField }: Props) {
  const { options } = useFieldOptions(typeField ?? { name: 'none', label: { id: 'none' }, type: 'string' })
  const filled = useRef({ menu: false, code: false })
  const type = form.values.scopeType
  useEffect(() => {
    if (!filled.current.menu && !form.values.menuId) form.setFieldValue('menuId', menu.id)
    filled.current.menu = true
    if (code && !filled.current.code) {
      if (!form.values.resourceCode) form.setFieldValue('resourceCode', code)
      filled.current.code = true
    }
  }, [form, menu.id, code])
  useEffect(() => {
    if (!typeField || type === null || type === undefined || type === '') return
    const name = options.find((o) => o.value === String(type))?.label ?? String(type)
    form.setFieldValue('scopeName', `${menu.name} [${name}]`)
    const column = scopeColumnOf(Number(type))
    if (column !== undefined) form.setFieldValue('scopeColumn', column)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the type (or its names) change, not on every keystroke
  }, [type, options, typeField, menu.name])
  return null
}
