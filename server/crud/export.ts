// xlsx export of a declared entity's current filter: the list columns, dictionary keys shown as
// their labels, at most EXPORT_LIMIT rows. Two optional parameters narrow it (a Blade client sends
// neither and gets every list column of every matching row): `columns`, the field names to write in
// that order, and `ids`, the rows to write (the user's selection or the page they see) instead of
// the filter's. A module may add sheets (an order export's item lines).
import type { FastifyReply } from 'fastify'
import { exportFieldsOf, type EntityDef, type FieldDef } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import type { AuthUser } from '../auth/context.ts'
import { badRequest } from '../core/envelope.ts'
import { isId } from '../core/ids.ts'
import type { AppContext } from '../core/routes.ts'
import { dateCell, type Cell } from '../core/xlsx.ts'
import { listRows, scopeOf } from './read.ts'
import { labelOf, optionLabels, withNames } from './labels.ts'
import type { CrudOptions } from './options.ts'
import { scoped } from './scope.ts'
import { dynamic, toWire, type Row } from './table.ts'
import { sendXlsx } from '../core/send-xlsx.ts'

export const EXPORT_LIMIT = 10000

const listParam = (raw: string | undefined) => [
  ...new Set(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]

/** The `columns` parameter as fields, in its order; absent or empty: every export field. */
function chosenColumns(def: EntityDef, raw: string | undefined): FieldDef[] {
  const all = exportFieldsOf(def)
  const names = listParam(raw)
  if (names.length === 0) return all
  return names.map((n) => {
    const f = all.find((x) => x.name === n)
    if (!f) throw badRequest(`导出列不存在: ${n.slice(0, 64)}`)
    return f
  })
}

/** The `ids` parameter: null when absent (export the filter's rows). */
function chosenIds(raw: string | undefined): string[] | null {
  const ids = listParam(raw)
  if (ids.length === 0) return null
  if (!ids.every(isId)) throw badRequest('请求参数格式错误: ids')
  if (ids.length > EXPORT_LIMIT) throw badRequest(`一次最多导出 ${EXPORT_LIMIT} 条`)
  return ids
}

/** The rows of the given ids the caller may see, in the order of the ids. */
async function rowsOfIds(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
  ids: string[],
  query: Record<string, string>,
  restrict: CrudOptions['restrict'],
): Promise<Row[]> {
  const dataScope = await scopeOf(ctx, def, user)
  const labels = await optionLabels(ctx, def, user)
  const byId = new Map<string, Row>()
  for (let i = 0; i < ids.length; i += 500) {
    const q = dynamic(ctx.db)
      .selectFrom(def.table)
      .selectAll()
      .where('id', 'in', ids.slice(i, i + 500))
    const rows = (await scoped(q, def, user, {
      tenantId: query.tenantId,
      restrict,
      dataScope,
    }).execute()) as Row[]
    for (const r of rows) byId.set(String(r.id), withNames(labels, toWire(def, r)))
  }
  return ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined)
}

async function rowsOfFilter(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
  query: Record<string, string>,
  restrict: CrudOptions['restrict'],
): Promise<Row[]> {
  const out: Row[] = []
  for (let current = 1; out.length < EXPORT_LIMIT; current++) {
    const page = await listRows(
      ctx,
      def,
      user,
      { ...query, current: String(current), size: '500' },
      restrict,
    )
    out.push(...page.records)
    if (current >= page.pages) break
  }
  return out.slice(0, EXPORT_LIMIT)
}

export async function exportXlsx(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
  query: Record<string, string>,
  reply: FastifyReply,
  opts: Pick<CrudOptions, 'restrict' | 'exportSheets'> = {},
) {
  const { columns: rawColumns, ids: rawIds, ...filters } = query
  const fields = chosenColumns(def, rawColumns)
  const ids = chosenIds(rawIds)
  const labels = await optionLabels(ctx, def, user)
  const records = ids
    ? await rowsOfIds(ctx, def, user, ids, filters, opts.restrict)
    : await rowsOfFilter(ctx, def, user, filters, opts.restrict)
  const rows: Cell[][] = records.map((r) =>
    fields.map((f) => {
      const v = r[f.name]
      if (labels.has(f.name)) return labelOf(labels, f.name, v)
      // Sub-records do not fit a cell: their count stands for them.
      if (f.type === 'rows') return `${Array.isArray(v) ? v.length : 0}条`
      // Dates are date cells (sortable and filterable in Excel), not text.
      if ((f.type === 'date' || f.type === 'datetime') && typeof v === 'string') return dateCell(v)
      return typeof v === 'number' || typeof v === 'string'
        ? v
        : v === null || v === undefined
          ? ''
          : String(v)
    }),
  )
  const more = (await opts.exportSheets?.({ ctx, user, rows: records })) ?? []
  return sendXlsx(
    reply,
    sourceText(def.title),
    fields.map((f) => sourceText(f.label)),
    rows,
    more,
  )
}
