// `null` in an optional field means absent (as does '' in a field that is not text): where the column
// holds no NULL, an update keeps what is stored and a create takes the declared default (or the
// column's own). Nullable columns still take NULL, which is how
// a form clears them. The NOT NULL columns are read from the database once per process.
import type { EntityDef } from '../../src/domain/entity.ts'
import { columnOf } from '../../src/domain/entity.ts'
import type { AnyDb, Row } from './table.ts'

let notNull: Promise<Map<string, Set<string>>> | null = null

/** Every table's NOT NULL columns (the same migrations make the same schema on every database). */
function notNullColumns(db: AnyDb): Promise<Map<string, Set<string>>> {
  notNull ??= db.introspection.getTables().then(
    (tables) =>
      new Map(
        tables.map((t) => [
          t.name,
          new Set(t.columns.filter((c) => !c.isNullable).map((c) => c.name)),
        ]),
      ),
    (err: unknown) => {
      notNull = null
      throw err
    },
  )
  return notNull
}

const isAbsent = (f: EntityDef['fields'][number], v: unknown) =>
  v === null || (v === '' && f.type !== 'string' && f.type !== 'text')

/** The body with null (and '' outside text) in optional fields of NOT NULL columns made absent (a create: the declared default). */
export async function nullsAsAbsent(
  db: AnyDb,
  def: EntityDef,
  input: Row,
  isUpdate: boolean,
): Promise<Row> {
  const fields = def.fields.filter(
    (f) =>
      !f.required &&
      !f.readOnly &&
      !f.external &&
      f.type !== 'rows' &&
      f.name in input &&
      isAbsent(f, input[f.name]),
  )
  if (fields.length === 0) return input
  const columns = (await notNullColumns(db)).get(def.table)
  const out: Row = { ...input }
  for (const f of fields) {
    if (!columns?.has(columnOf(f))) continue
    if (!isUpdate && f.defaultValue !== undefined && f.defaultValue !== null)
      out[f.name] = f.defaultValue
    else delete out[f.name]
  }
  return out
}
