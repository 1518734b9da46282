// Query and path parameters of the API description: a list's paging, sorting and map-style filters
// as server/crud/filters.ts reads them (docs/contract.md §4), and, for hand-written routes, the parameters
// of their inventory sample.
import { fieldsOf, type EntityDef, type FieldDef } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import { defaultOperator, MAX_PAGE, operatorsOf, type Operator } from '../crud/filters.ts'
import { valueSchema, type Json } from './openapi-fields.ts'
import type { RouteSample } from '../core/routes.ts'

const query = (name: string, schema: Json, description?: string): Json => ({
  name,
  in: 'query',
  schema,
  ...(description ? { description } : {}),
})

/** current/size with Blade's defaults; ascs/descs name fields (parseSort's whitelist). */
export function pagingParameters(): Json[] {
  return [
    query(
      'current',
      { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      'page number, from 1',
    ),
    query(
      'size',
      { type: 'integer', minimum: -1, default: 10 },
      'rows per page, at most 500 (a larger size is capped; -1 is 500)',
    ),
    query(
      'ascs',
      { type: 'string' },
      'fields to sort by ascending, comma-separated (declared fields, their columns, id, createTime, updateTime)',
    ),
    query('descs', { type: 'string' }, 'fields to sort by descending, comma-separated'),
  ]
}

const MEANING: Record<Operator, string> = {
  equal: '=',
  notequal: '≠',
  like: 'contains',
  notlike: 'does not contain',
  likeleft: 'ends with',
  likeright: 'starts with',
  gt: '>',
  ge: '≥',
  lt: '<',
  le: '≤ (a date alone: to the end of that day)',
  between: 'between two values, comma-separated, both included',
  datege: '≥',
  dategt: '>',
  dateequal: '=',
  datelt: '<',
  datele: '≤',
  null: 'is empty (any value)',
  notnull: 'is not empty (any value)',
  ignore: '',
}

/** The value a filter takes (validateFilterValue): the field's own form for comparisons, any text for matching. */
function filterSchema(f: FieldDef, op: Operator): Json {
  if (op === 'null' || op === 'notnull') return { type: 'string' }
  if (op === 'between') return { type: 'string', pattern: '^[^,]+,[^,]+$' }
  if (['like', 'notlike', 'likeleft', 'likeright'].includes(op) || f.multiple)
    return { type: 'string' }
  return valueSchema({ ...f, maxLength: undefined })
}

/**
 * Every operator of every searchable field: `<field>` with its search operator and `<field>_<op>`
 * with another. Empty values are skipped. (The generic engine filters its other declared fields the
 * same way; the search panel's are the ones described.)
 */
export function filterParameters(def: EntityDef): Json[] {
  const out: Json[] = []
  for (const f of fieldsOf(def, 'search')) {
    if (f.secret || f.external || !operatorsOf(f).length) continue
    const label = sourceText(f.label)
    const plain = defaultOperator(f)
    out.push(
      query(
        f.name,
        filterSchema(f, plain),
        `${label}: ${MEANING[plain]} (the field's search operator, ${plain})`,
      ),
    )
    for (const op of operatorsOf(f))
      out.push(query(`${f.name}_${op}`, filterSchema(f, op), `${label}: ${MEANING[op]}`))
  }
  return out
}

/** Fastify's `:name` segments as OpenAPI path templates and their parameters. */
export function pathOf(url: string): { path: string; parameters: Json[] } {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!)
  return {
    path: url.replace(/:(\w+)/g, '{$1}'),
    parameters: names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
  }
}

/** A hand-written route's query parameters: those of its sample request, with the sample's value. */
export function sampleParameters(sample: RouteSample | null): Json[] {
  return Object.entries(sample?.query ?? {}).map(([name, value]) => ({
    ...query(name, { type: 'string' }),
    example: value,
  }))
}
