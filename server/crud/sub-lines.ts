// The lines of a master kept in a table of their own (a field declared with `lines`, see
// FieldDef.lines): written with the master in its transaction, read into its detail, deleted with
// it when its remove is a hard delete. A soft-deleted master keeps them for its undo.
import { columnOf, type EntityDef, type FieldDef } from '../../src/domain/entity.ts'
import { rowsOf } from '../../src/domain/validate.ts'
import { nextId } from '../core/ids.ts'
import { storedRows, type AnyDb, type Row } from './table.ts'

type LinesField = FieldDef & { lines: NonNullable<FieldDef['lines']> }

const linesFields = (def: EntityDef) => def.fields.filter((f): f is LinesField => !!f.lines)

/** The connection answers columns in camelCase. */
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** Replaces the stored lines of the master with those of the request, for each lines field it carries. */
export async function writeLines(
  trx: AnyDb,
  def: EntityDef,
  master: Row,
  input: Row,
): Promise<void> {
  for (const f of linesFields(def)) {
    if (!(f.name in input)) continue
    const id = String(master.id)
    await trx.deleteFrom(f.lines.table).where(f.lines.owner, '=', id).execute()
    // Only the declared fields of each line, numbers as numbers (as a rows column stores them).
    const lines = JSON.parse(storedRows(f, rowsOf(input[f.name]) ?? []) ?? '[]') as Row[]
    if (!lines.length) continue
    const subs = f.rows ?? []
    const tenant = f.lines.tenant ? { tenant_id: master.tenantId ?? master.tenant_id } : {}
    await trx
      .insertInto(f.lines.table)
      .values(
        lines.map((line) => ({
          id: nextId(),
          [f.lines.owner]: id,
          ...tenant,
          ...Object.fromEntries(subs.map((sub) => [columnOf(sub), line[sub.name] ?? null])),
        })),
      )
      .execute()
  }
}

/** A stored value as the line answers it: numbers as numbers (PostgreSQL answers numeric as text). */
function valueOf(sub: FieldDef, v: unknown): unknown {
  if (v === undefined || v === null) return null
  return sub.type === 'integer' || sub.type === 'number' ? Number(v) : v
}

/** The master's detail with its lines, in the order they were saved. */
export async function withLines(db: AnyDb, def: EntityDef, wire: Row, id: string): Promise<Row> {
  for (const f of linesFields(def)) {
    const rows = (await db
      .selectFrom(f.lines.table)
      .selectAll()
      .where(f.lines.owner, '=', id)
      .orderBy('id')
      .execute()) as Row[]
    wire[f.name] = rows.map((r) =>
      Object.fromEntries(
        (f.rows ?? []).map((sub) => [sub.name, valueOf(sub, r[camel(columnOf(sub))])]),
      ),
    )
  }
  return wire
}

/** After a hard delete: the lines of those masters that are gone (not those the caller could not delete). */
export async function removeLines(trx: AnyDb, def: EntityDef, ids: string[]): Promise<void> {
  for (const f of linesFields(def)) {
    const left = trx.selectFrom(def.table).select('id').where('id', 'in', ids)
    await trx
      .deleteFrom(f.lines.table)
      .where(f.lines.owner, 'in', ids)
      .where(f.lines.owner, 'not in', left)
      .execute()
  }
}
