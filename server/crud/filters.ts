// Map-style list filters of docs/contract.md §4: every query parameter other than paging/sorting becomes a
// condition on a DECLARED field (undeclared names are ignored, never turned into SQL). A suffix
// selects the operator; without one the field's declared query type applies (LIKE for text).
import type { EntityDef, FieldDef } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import { validateFilterValue } from '../../src/domain/validate.ts'
import { badRequest } from '../core/envelope.ts'

const RESERVED_PARAMS = new Set([
  'current',
  'size',
  'ascs',
  'descs',
  'blade-auth',
  '_t',
  'tenantId',
  'ticket',
])

export type Operator =
  | 'equal'
  | 'notequal'
  | 'like'
  | 'likeleft'
  | 'likeright'
  | 'notlike'
  | 'ge'
  | 'le'
  | 'gt'
  | 'lt'
  | 'between'
  | 'datege'
  | 'dategt'
  | 'dateequal'
  | 'datelt'
  | 'datele'
  | 'null'
  | 'notnull'
  | 'ignore'

const OPERATORS: Operator[] = [
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'ge',
  'le',
  'gt',
  'lt',
  'between',
  'datege',
  'dategt',
  'dateequal',
  'datelt',
  'datele',
  'null',
  'notnull',
  'ignore',
]

export interface Filter {
  field: FieldDef
  op: Operator
  value: string
}

/** The operator of a parameter named by the field alone. */
export function defaultOperator(f: FieldDef): Operator {
  if (f.search && f.search !== 'between') return f.search
  return f.type === 'string' || f.type === 'text' ? 'like' : 'equal'
}

const NULLS: Operator[] = ['null', 'notnull']
const ORDERED: Operator[] = ['equal', 'notequal', 'gt', 'ge', 'lt', 'le', 'between']

/**
 * The suffixes that mean something for a field (the API description lists these): text matching for
 * text, order for numbers and dates, the date forms for dates; `ignore` is left out (it does nothing).
 * Numbers refuse text matching (validateFilterValue); other pairs are accepted but say little.
 */
export function operatorsOf(f: FieldDef): Operator[] {
  if (f.multiple || f.type === 'ids') return ['equal', 'like', 'notlike', ...NULLS]
  switch (f.type) {
    case 'string':
    case 'text':
      return ['equal', 'notequal', 'like', 'notlike', 'likeleft', 'likeright', ...NULLS]
    case 'integer':
    case 'number':
      return [...ORDERED, ...NULLS]
    case 'date':
    case 'datetime':
    case 'month':
      return [...ORDERED, 'datege', 'dategt', 'dateequal', 'datelt', 'datele', ...NULLS]
    case 'rows':
      return []
    default:
      return ['equal', 'notequal', ...NULLS]
  }
}

/** Parses the query into filters on declared fields. Empty values are skipped (docs/contract.md §4). */
export function parseFilters(fields: FieldDef[], query: Record<string, string>): Filter[] {
  const byName = new Map(fields.filter((f) => !f.secret && !f.external).map((f) => [f.name, f]))
  const out: Filter[] = []
  for (const [key, raw] of Object.entries(query)) {
    // tenantId names the tenant an administrator reads, unless the entity declares it as a filter (tenant screens).
    if (RESERVED_PARAMS.has(key) && !(key === 'tenantId' && byName.get(key)?.search)) continue
    const value = String(raw)
    let field = byName.get(key)
    let op: Operator | undefined
    if (!field) {
      const cut = key.lastIndexOf('_')
      if (cut <= 0) continue
      const suffix = key.slice(cut + 1) as Operator
      field = byName.get(key.slice(0, cut))
      if (!field || !OPERATORS.includes(suffix)) continue
      op = suffix
    }
    op ??= defaultOperator(field)
    if (op === 'ignore') continue
    if (value === '' && op !== 'null' && op !== 'notnull') continue
    if (op === 'between' && value.split(',').length !== 2)
      throw badRequest(`查询条件 ${key} 需要两个以逗号分隔的值`)
    const invalid = validateFilterValue(field, op, value)
    if (invalid) throw badRequest(`查询条件 ${key.slice(0, 64)}: ${sourceText(invalid)}`)
    out.push({ field, op, value })
  }
  return out
}

/**
 * The map-style filters of a hand-written list (server/modules): the same parsing, over only the
 * fields its declaration marks searchable (its other fields are not columns it can filter, or are
 * read by the list itself), less `except` (names the list gives another meaning, e.g. the code
 * that picks the dictionary of a child list).
 */
export function parseSearchFilters(
  def: Pick<EntityDef, 'fields'>,
  query: Record<string, string>,
  except: string[] = [],
): Filter[] {
  return parseFilters(
    def.fields.filter((f) => f.search && !except.includes(f.name)),
    query,
  )
}

/**
 * ascs/descs against the declared fields only (a whitelist); unknown names answer 400. Besides them:
 * the key, and the create/update times of entities with the base columns (others have no such column).
 */
export function parseSort(
  def: Pick<EntityDef, 'fields' | 'base'>,
  query: Record<string, string>,
): { name: string; dir: 'asc' | 'desc' }[] {
  const allowed = new Map<string, string>()
  for (const f of def.fields) {
    if (f.secret || f.external) continue
    allowed.set(f.name, f.name)
    allowed.set(f.column ?? f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), f.name)
  }
  allowed.set('id', 'id')
  if (def.base) {
    for (const extra of ['createTime', 'updateTime']) allowed.set(extra, extra)
    allowed.set('create_time', 'createTime')
    allowed.set('update_time', 'updateTime')
  }
  const out: { name: string; dir: 'asc' | 'desc' }[] = []
  for (const dir of ['asc', 'desc'] as const) {
    const list = query[dir === 'asc' ? 'ascs' : 'descs']
    if (!list) continue
    for (const col of list
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)) {
      const name = allowed.get(col)
      if (!name) throw badRequest(`不支持的排序字段: ${col}`)
      out.push({ name, dir })
    }
  }
  return out
}

/** The last page one may ask for: far beyond any list, and its offset stays an exact integer. */
export const MAX_PAGE = 10_000_000

/** current/size with Blade's defaults (1, 10), size capped at 500. */
export function parsePage(query: Record<string, string>): { current: number; size: number } {
  const current = query.current ? Number(query.current) : 1
  const size = query.size ? Number(query.size) : 10
  if (!Number.isInteger(current) || current < 1 || current > MAX_PAGE)
    throw badRequest('请求参数格式错误: current')
  if (!Number.isInteger(size) || size === 0 || size < -1) throw badRequest('请求参数格式错误: size')
  return { current, size: size === -1 ? 500 : Math.min(size, 500) }
}
