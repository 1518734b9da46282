// The import template of an entity: the header row, one example row of values the import accepts
// (a date cell, a number, an option's label, sample text), and a second sheet
// of notes: per column whether it is required, the format of its dates and numbers and the allowed
// options, so a user can fill the file without asking.
import type { EntityDef, FieldDef, ImportColumn } from '../../../src/domain/entity.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import type { AuthUser } from '../../auth/context.ts'
import type { AppContext } from '../../core/routes.ts'
import { dateCell, type Cell, type Sheet } from '../../core/xlsx.ts'
import { optionLabels, type Labels } from '../labels.ts'

const NOTES_SHEET = '填写说明'
const NOTES_HEADER = ['列', '必填', '格式', '可选值']

const EXAMPLE_DATE = '2026-01-15'
const EXAMPLE_TIME = '09:30:00'

function fieldOf(def: EntityDef, c: ImportColumn): FieldDef {
  const f = def.fields.find((x) => x.name === c.field)
  if (!f) throw new Error(`${def.name}: the import column ${c.field} is not declared`)
  return f
}

/** A number inside the field's bounds: its example, else 100 moved into [min, max]. */
function exampleNumber(f: FieldDef): number {
  if (typeof f.example === 'number') return f.example
  return Math.min(f.max ?? Infinity, Math.max(f.min ?? 0, f.type === 'integer' ? 1 : 100))
}

function exampleOf(f: FieldDef, labels: Labels): Cell {
  const o = f.options
  if (o?.kind === 'static') return sourceText(o.options[0]!.label)
  // Dictionary fields take an option's label or its key (the notes list both).
  const dict = labels.get(f.name)
  if (dict) return [...dict.values()][0] ?? ''
  switch (f.type) {
    case 'date':
      return dateCell(typeof f.example === 'string' ? f.example.slice(0, 10) : EXAMPLE_DATE)
    case 'datetime':
      return dateCell(typeof f.example === 'string' ? f.example : `${EXAMPLE_DATE} ${EXAMPLE_TIME}`)
    case 'month':
      return EXAMPLE_DATE.slice(0, 7)
    case 'integer':
    case 'number':
      return exampleNumber(f)
    case 'boolean':
      return '是'
    case 'rows':
      return ''
  }
  if (f.example !== undefined) return String(f.example)
  // Free text without a sample: its label, unless a pattern asks for a form of its own.
  return f.pattern ? '' : sourceText(f.label).slice(0, f.maxLength ?? 100)
}

const range = (f: FieldDef) =>
  f.min !== undefined && f.max !== undefined
    ? `，${f.min} 至 ${f.max}`
    : f.min !== undefined
      ? `，不小于 ${f.min}`
      : f.max !== undefined
        ? `，不大于 ${f.max}`
        : ''

function formatOf(f: FieldDef, labels: Labels): string {
  if (f.options?.kind === 'static') return '填写可选值之一（名称或值）'
  if (labels.has(f.name)) return '填写可选值之一（名称或键）'
  switch (f.type) {
    case 'date':
      return `日期，如 ${EXAMPLE_DATE}、15/01/2026 或 Excel 日期单元格`
    case 'datetime':
      return `日期时间，如 ${EXAMPLE_DATE} ${EXAMPLE_TIME}、15/01/2026 ${EXAMPLE_TIME} 或 Excel 日期单元格`
    case 'month':
      return '月份，如 2026-01'
    case 'integer':
      return `整数${range(f)}`
    case 'number':
      return `数字，可带千位分隔符（1,234,567 或 1.234.567 ₫）${range(f)}`
    case 'boolean':
      return '是 / 否'
    case 'rows':
      return '编号*数量，多个以逗号分隔，如 SKU-001*2, SKU-002*1'
  }
  const pattern = f.pattern ? `；${sourceText(f.pattern.message)}` : ''
  return `文本${f.maxLength ? `，最多 ${f.maxLength} 字` : ''}${pattern}`
}

function optionsOf(f: FieldDef, labels: Labels): string {
  if (f.options?.kind === 'static')
    return f.options.options.map((o) => `${sourceText(o.label)}（${o.value}）`).join('、')
  const dict = labels.get(f.name)
  return dict ? [...dict].map(([key, label]) => `${key} = ${label}`).join('、') : ''
}

export async function importTemplate(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
): Promise<{ header: string[]; rows: Cell[][]; notes: Sheet }> {
  const columns = def.import!.columns
  const labels = await optionLabels(ctx, def, user)
  const fields = columns.map((c) => fieldOf(def, c))
  return {
    header: columns.map((c) => c.headers[0]!),
    rows: [fields.map((f) => exampleOf(f, labels))],
    notes: {
      name: NOTES_SHEET,
      header: NOTES_HEADER,
      rows: columns.map((c, i) => [
        c.headers[0]!,
        c.required || fields[i]!.required ? '是' : '否',
        formatOf(fields[i]!, labels),
        optionsOf(fields[i]!, labels),
      ]),
    },
  }
}
