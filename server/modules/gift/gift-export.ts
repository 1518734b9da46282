// A gift totals page as xlsx: the group and figure columns of the screen, every group of the range
// (at most EXPORT_LIMIT) and the totals row last; numbers as numbers.
import type { FastifyReply } from 'fastify'
import { fieldsOf } from '../../../src/domain/entity.ts'
import type { GiftTotalsDef } from '../../../src/domain/gift/gift-totals.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import type { AuthUser } from '../../auth/context.ts'
import { EXPORT_LIMIT } from '../../crud/export.ts'
import type { AppContext } from '../../core/routes.ts'
import { type Cell } from '../../core/xlsx.ts'
import { giftTotals, type GiftTotalsPage } from './gift-totals.ts'
import { sendXlsx } from '../../core/send-xlsx.ts'

/** The label of the totals row, in the first column. */
const SUMMARY_LABEL = '合计'

export async function exportGiftTotals(
  ctx: AppContext,
  def: GiftTotalsDef,
  user: AuthUser,
  query: Record<string, string>,
  reply: FastifyReply,
) {
  const fields = fieldsOf(def, 'list')
  const rows: Cell[][] = []
  const cell = (v: unknown): Cell => (typeof v === 'number' || typeof v === 'string' ? v : '')
  let last: GiftTotalsPage | undefined
  for (let current = 1; rows.length < EXPORT_LIMIT; current++) {
    last = await giftTotals(ctx, def.grouping, user, {
      ...query,
      current: String(current),
      size: '500',
    })
    for (const r of last.records) rows.push(fields.map((f) => cell(r[f.name])))
    if (current >= last.pages) break
  }
  const summary: Record<string, unknown> = {
    ...last?.summary,
    [def.groupFields[0]!]: SUMMARY_LABEL,
  }
  return sendXlsx(
    reply,
    sourceText(def.title),
    fields.map((f) => sourceText(f.label)),
    [...rows.slice(0, EXPORT_LIMIT), fields.map((f) => cell(summary[f.name]))],
  )
}
