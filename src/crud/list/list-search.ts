// List state in the URL (docs/architecture.md house rule 3): current, size, ascs/descs and the filters, flat, with
// the very names the list endpoint takes (`paramName`, `createTime_ge`). Routes validate with
// listSearch; the search panel maps its form values to and from these params.
import dayjs from 'dayjs'
import { fieldsOf, type EntityDef, type FieldDef } from '@/domain/entity'

export { DEFAULT_SIZE, listSearch, PAGE_SIZES, type ListSearch } from './list-search-params'

const PAGING = new Set(['current', 'size', 'ascs', 'descs'])

/** The filters of a list search: every non-empty param other than paging and sorting. */
export function filtersOf(search: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(search))
    if (!PAGING.has(k) && v !== undefined && v !== null && v !== '') out[k] = String(v)
  return out
}

/** A search form value: text, several keys, or a [from, to] range. */
export type SearchValue = string | string[] | [string | null, string | null]
export type SearchValues = Record<string, SearchValue>

const isDateField = (f: FieldDef) =>
  f.type === 'date' || f.type === 'datetime' || f.type === 'month'

/** Range bounds as the list endpoint compares them: datetimes cover whole days; months are yyyy-MM. */
function bound(f: FieldDef, day: string | null, end: boolean): string {
  if (!day) return ''
  if (f.type === 'month') return day.slice(0, 7)
  if (f.type !== 'datetime') return day
  return day.length > 10 ? day : `${day} ${end ? '23:59:59' : '00:00:00'}`
}

export function toQuery(def: EntityDef, values: SearchValues): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of fieldsOf(def, 'search')) {
    const v = values[f.name]
    if (f.search === 'between') {
      const [from, to] = Array.isArray(v) ? v : [null, null]
      if (from) out[`${f.name}_ge`] = bound(f, from, false)
      if (to) out[`${f.name}_le`] = bound(f, to, true)
    } else if (Array.isArray(v)) {
      if (v.length) out[f.name] = v.join(',')
    } else if (v !== undefined && v.trim() !== '') {
      // Without a suffix the server applies the field's declared query type.
      out[f.name] = v.trim()
    }
  }
  return out
}

export function fromQuery(def: EntityDef, query: Record<string, unknown>): SearchValues {
  const out: SearchValues = {}
  const text = (k: string) => (query[k] === undefined || query[k] === null ? '' : String(query[k]))
  for (const f of fieldsOf(def, 'search')) {
    if (f.search === 'between') {
      // A month bound (yyyy-MM) is its first day to the month picker.
      const day = (s: string) =>
        (s && f.type === 'month'
          ? `${s.slice(0, 7)}-01`
          : s && isDateField(f) && f.type !== 'datetime'
            ? s.slice(0, 10)
            : s) || null
      const from = text(`${f.name}_ge`)
      const to = text(`${f.name}_le`)
      out[f.name] = [
        f.type === 'datetime' ? from.slice(0, 10) || null : day(from),
        f.type === 'datetime' ? to.slice(0, 10) || null : day(to),
      ]
    } else out[f.name] = f.multiple ? text(f.name).split(',').filter(Boolean) : text(f.name)
  }
  return out
}

/**
 * Filters a list opens with when nothing was chosen (docs/product.md §2): date ranges from
 * yesterday through today, so what happened today (the notices the home page shows) is not hidden;
 * or, for reports, the whole of this month.
 */
export function defaultFilters(def: EntityDef, today = dayjs()): Record<string, string> {
  const range = def.layout?.defaultDateRange
  if (!range) return {}
  const from = (range === 'month' ? today.startOf('month') : today.subtract(1, 'day')).format(
    'YYYY-MM-DD',
  )
  const to = (range === 'month' ? today.endOf('month') : today).format('YYYY-MM-DD')
  const values: SearchValues = {}
  for (const f of fieldsOf(def, 'search'))
    if (f.search === 'between' && isDateField(f)) values[f.name] = [from, to]
  return toQuery(def, values)
}
