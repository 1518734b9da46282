// What a delete confirmation asks: how many rows, and the names of up to three of them, taken from
// the declaration's name or title field, so the user sees what goes before it goes.
import { t } from '@lingui/core/macro'
import { fieldsOf, type EntityDef, type FieldDef } from '@/domain/entity'
import type { Row } from '../entity-api'

const NAMED = /^(name|title)$|(Name|Title)$/

/** The field that names a row: the first listed text field called name/title or *Name/*Title. */
export function nameFieldOf(def: EntityDef): FieldDef | undefined {
  return fieldsOf(def, 'list').find((f) => f.type === 'string' && NAMED.test(f.name))
}

/** The names shown: at most three, non-empty. */
function namesOf(def: EntityDef, rows: Row[]): string[] {
  const field = nameFieldOf(def)
  if (!field) return []
  return rows
    .map((r) => r[field.name])
    .filter((v) => v !== undefined && v !== null && v !== '')
    .slice(0, 3)
    .map(String)
}

export function deleteQuestion(def: EntityDef, count: number, rows: Row[], locale: string): string {
  const names = namesOf(def, rows)
  if (names.length === 0) return t`确定删除 ${count} 条数据?`
  const list = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    names.map((n) => `“${n}”`),
  )
  return count > names.length
    ? t`确定删除 ${count} 条数据: ${list} 等?`
    : t`确定删除 ${count} 条数据: ${list}?`
}
