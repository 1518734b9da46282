// xlsx export of a declared entity's current filter: the list columns, dictionary keys shown as
// their labels, at most EXPORT_LIMIT rows.
import type { FastifyReply } from 'fastify'
import { fieldsOf, type EntityDef } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import type { AuthUser } from '../auth/context.ts'
import type { AppContext } from '../http/routes.ts'
import { dateCell, type Cell } from '../http/xlsx.ts'
import { listRows } from './read.ts'
import { labelOf, optionLabels } from './labels.ts'
import type { ScopeOptions } from './scope.ts'
import { sendXlsx } from '../http/send-xlsx.ts'

export const EXPORT_LIMIT = 10000

export async function exportXlsx(ctx: AppContext, def: EntityDef, user: AuthUser, query: Record<string, string>, reply: FastifyReply, restrict?: ScopeOptions['restrict']) {
  const fields = fieldsOf(def, 'list').filter((f) => f.name !== 'id')
  const labels = await optionLabels(ctx, def, user)
  const rows: Cell[][] = []
  for (let current = 1; rows.length < EXPORT_LIMIT; current++) {
    const page = await listRows(ctx, def, user, { ...query, current: String(current), size: '500' }, restrict)
    for (const r of page.records) {
      rows.push(
        fields.map((f) => {
          const v = r[f.name]
          if (labels.has(f.name)) return labelOf(labels, f.name, v)
          // Sub-records do not fit a cell: their count stands for them.
          if (f.type === 'rows') return `${Array.isArray(v) ? v.length : 0}条`
          // Dates are date cells (sortable and filterable in Excel), not text.
          if ((f.type === 'date' || f.type === 'datetime') && typeof v === 'string') return dateCell(v)
          return typeof v === 'number' || typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v)
        }),
      )
    }
    if (current >= page.pages) break
  }
  return sendXlsx(reply, sourceText(def.title), fields.map((f) => sourceText(f.label)), rows.slice(0, EXPORT_LIMIT))
}
