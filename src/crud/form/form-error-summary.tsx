// At the top of a form after a refused save: how many fields need a change, and for a rows field
// (a salary sheet's employees, an order's lines) how many rows and which, since its messages may lie
// far below the fold.
import { useLingui } from '@lingui/react'
import { useLingui as useT } from '@lingui/react/macro'
import { Alert, List } from '@mantine/core'
import type { FormErrors } from '@mantine/form'
import type { FieldDef } from '@/domain/entity'

/** Fields with a message, and the rows with a message per rows field (rows counted from 1). */
function countErrors(
  errors: FormErrors,
  fields: FieldDef[],
): { total: number; rows: { field: FieldDef; rows: number[] }[] } {
  const keys = Object.keys(errors).filter((k) => errors[k])
  const rows = fields
    .filter((f) => f.type === 'rows')
    .map((field) => {
      const prefix = `${field.name}.`
      const bad = new Set(
        keys
          .filter((k) => k.startsWith(prefix))
          .map((k) => Number(k.slice(prefix.length).split('.')[0]) + 1),
      )
      return { field, rows: [...bad].filter((n) => Number.isInteger(n)).sort((a, b) => a - b) }
    })
    .filter((r) => r.rows.length > 0)
  return { total: keys.length, rows }
}

export function FormErrorSummary({ errors, fields }: { errors: FormErrors; fields: FieldDef[] }) {
  const { i18n } = useLingui()
  const { t } = useT()
  const { total, rows } = countErrors(errors, fields)
  if (total === 0) return null
  return (
    <Alert color="red" mb="sm" role="alert" title={t`有 ${total} 处需要修改`}>
      {rows.length > 0 && (
        <List size="sm">
          {rows.map((r) => {
            const label = i18n._(r.field.label)
            const count = r.rows.length
            const which = r.rows.join(', ')
            return (
              <List.Item
                key={r.field.name}
              >{t`${label}：${count} 行有误（第 ${which} 行）`}</List.Item>
            )
          })}
        </List>
      )}
    </Alert>
  )
}
