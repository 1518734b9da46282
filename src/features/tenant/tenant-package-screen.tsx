// Tenant packages (/system/tenant-package): the generic list, with the menu list chosen in a
// searchable checkbox tree (the engine's tree select cannot pick folders or search a large menu).
import { useLingui } from '@lingui/react'
import { CrudScreen } from '@/crud/crud-screen'
import { useFieldOptions } from '@/crud/dict-options'
import type { FormSection } from '@/crud/crud-form'
import type { EntityDef, FieldDef } from '@/domain/entity'
import { renderMessage } from '@/crud/message'
import { validateField } from '@/domain/validate'
import { tenantPackage } from '@/domain/system/tenant-package'
import { useState } from 'react'
import { MenuCheckTree } from './menu-check-tree'

const menuField = tenantPackage.fields.find((f) => f.name === 'menuId') as FieldDef
// The engine renders every other field; this screen renders the menu list itself.
const def: EntityDef = { ...tenantPackage, fields: tenantPackage.fields.map((f) => (f === menuField ? { ...f, form: false } : f)) }

function PackageMenus({ form, record }: Parameters<FormSection>[0]) {
  const { i18n } = useLingui()
  const { options } = useFieldOptions(menuField)
  const [touched, setTouched] = useState(false)
  // Untouched on edit: the stored list stays as it is (not sent).
  const current = form.values.menuId ?? record.menuId ?? ''
  const value = String(current).split(',').filter(Boolean)
  const message = touched ? validateField(menuField, value.join(',')) : null
  return (
    <MenuCheckTree
      label={i18n._(menuField.label)}
      required
      options={options}
      value={value}
      error={message ? renderMessage(i18n, message) : undefined}
      onChange={(next) => {
        setTouched(true)
        form.setFieldValue('menuId', next.join(','))
      }}
    />
  )
}

export default function TenantPackageScreen() {
  return <CrudScreen entity={def} slots={{ formSection: (ctx) => <PackageMenus {...ctx} /> }} />
}
