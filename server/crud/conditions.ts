// Turns parsed filters into SQL conditions that behave the same on SQLite and PostgreSQL
// (case-insensitive LIKE with escaped wildcards; numbers compared as numbers).
import { sql, type Expression, type SqlBool } from 'kysely'
import { columnOf } from '../../src/domain/entity.ts'
import type { Filter } from './filters.ts'
import type { AnyExpressions } from './table.ts'

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)

function typed(f: Filter, v: string): string | number {
  if (f.field.type === 'boolean') return v === 'true' || v === '1' ? 1 : 0
  return f.field.type === 'integer' || f.field.type === 'number' ? Number(v) : v
}

export function condition(eb: AnyExpressions, f: Filter, alias?: string): Expression<SqlBool> {
  const column = alias ? `${alias}.${columnOf(f.field)}` : columnOf(f.field)
  const ref = sql.ref(column)
  const like = (pattern: string) => sql<SqlBool>`lower(${ref}) like lower(${pattern}) escape '\\'`
  switch (f.op) {
    case 'equal':
    case 'dateequal':
      if (f.field.multiple) return like(`%${escapeLike(f.value)}%`)
      return eb(ref, '=', typed(f, f.value))
    case 'notequal':
      return eb(ref, '<>', typed(f, f.value))
    case 'like':
      return like(`%${escapeLike(f.value)}%`)
    case 'notlike':
      return sql<SqlBool>`not (lower(${ref}) like lower(${`%${escapeLike(f.value)}%`}) escape '\\')`
    case 'likeleft':
      return like(`%${escapeLike(f.value)}`)
    case 'likeright':
      return like(`${escapeLike(f.value)}%`)
    case 'ge':
    case 'datege':
      return eb(ref, '>=', typed(f, f.value))
    case 'gt':
    case 'dategt':
      return eb(ref, '>', typed(f, f.value))
    case 'le':
    case 'datele':
      return eb(ref, '<=', typed(f, endOfDay(f, f.value)))
    case 'lt':
    case 'datelt':
      return eb(ref, '<', typed(f, f.value))
    case 'between': {
      const [a, b] = f.value.split(',')
      return eb.and([eb(ref, '>=', typed(f, a!)), eb(ref, '<=', typed(f, endOfDay(f, b!)))])
    }
    case 'null':
      return eb(ref, 'is', null)
    case 'notnull':
      return eb(ref, 'is not', null)
    case 'ignore':
      return sql<SqlBool>`1 = 1`
  }
}

/** Every filter at once (AND); no filters: always true. */
export function allOf(eb: AnyExpressions, filters: Filter[], alias?: string): Expression<SqlBool> {
  return eb.and(filters.map((f) => condition(eb, f, alias)))
}

/** A date-only upper bound on a date-time column includes the whole day. */
function endOfDay(f: Filter, v: string): string {
  return f.field.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} 23:59:59` : v
}
