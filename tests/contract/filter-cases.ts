// The list queries that exercise one declared filter with a row's own value (docs/contract.md §4): the
// plain name the app sends (the server applies the declared query type), the explicit operator
// suffix, and a value the row does not have, which must leave it out.
import type { FieldDef } from '../../src/domain/entity.ts'

export type Query = Record<string, string>
export type Row = Record<string, unknown>

/** A value past every stored one, in the field's own format. */
const LATE: Partial<Record<FieldDef['type'], string>> = {
  date: '2999-12-31',
  datetime: '2999-12-31 23:59:59',
  month: '2999-12',
}

const numeric = (f: FieldDef) => f.type === 'integer' || f.type === 'number'

export function filterCases(f: FieldDef, v: string): { hits: Query[]; misses: Query[] } {
  const n = f.name
  switch (f.search) {
    case 'between': {
      const late = numeric(f) ? String(Number(v) + 1) : LATE[f.type]
      return {
        hits: [{ [`${n}_ge`]: v, [`${n}_le`]: v }],
        misses: late ? [{ [`${n}_ge`]: late }] : [],
      }
    }
    case 'equal':
    case 'like': {
      const other =
        f.type === 'string' || f.type === 'text'
          ? `${v}~none`
          : numeric(f) && f.search === 'equal'
            ? String(Number(v) + 1)
            : null
      const names = [n, `${n}_${f.search}`]
      return {
        hits: names.map((name) => ({ [name]: v })),
        misses: other === null ? [] : names.map((name) => ({ [name]: other })),
      }
    }
    default:
      throw new Error(`${n}: the contract test does not exercise search '${f.search}' yet`)
  }
}

/** A forest (children nested) as one flat list. */
export function flatten(nodes: Row[]): Row[] {
  return nodes.flatMap((node) => [
    node,
    ...(Array.isArray(node.children) ? flatten(node.children as Row[]) : []),
  ])
}
