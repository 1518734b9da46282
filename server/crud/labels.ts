// Labels of option fields (dictionaries and static options), as Blade VOs carry them next to the
// value (`categoryName` beside `category`): used by lists, details and exports.
import { fieldsOf, type EntityDef } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import { cachedLookup } from '../auth/access-cache.ts'
import type { AuthUser } from '../auth/context.ts'
import type { AppContext } from '../core/routes.ts'
import type { Row } from './table.ts'

export type Labels = Map<string, Map<string, string>>

export async function optionLabels(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
): Promise<Labels> {
  const out: Labels = new Map()
  for (const f of fieldsOf(def, 'view')) {
    const o = f.options
    if (!o) continue
    const labels = new Map<string, string>()
    if (o.kind === 'static')
      for (const opt of o.options) labels.set(String(opt.value), sourceText(opt.label))
    else if (o.kind === 'dict' || o.kind === 'dictBiz' || o.kind === 'dictBizChild') {
      const code = o.code
      const key = o.kind === 'dict' ? `dict|${code}` : `biz|${user.tenantId}|${code}`
      // Cached until a dictionary changes (access-cache.ts).
      const rows = await cachedLookup(ctx.accessCache, 'dict', key, () =>
        o.kind === 'dict'
          ? ctx.db
              .selectFrom('bladeDict')
              .select(['dictKey', 'dictValue'])
              .where('code', '=', code)
              .where('parentId', '<>', '0')
              .where('isDeleted', '=', 0)
              .execute()
          : ctx.db
              .selectFrom('bladeDictBiz')
              .select(['dictKey', 'dictValue'])
              .where('tenantId', 'in', [user.tenantId, '000000'])
              .where('code', '=', code)
              .where('parentId', '<>', '0')
              .where('isDeleted', '=', 0)
              .execute(),
      )
      for (const r of rows) labels.set(String(r.dictKey), r.dictValue)
    } else continue
    out.set(f.name, labels)
  }
  return out
}

export function labelOf(labels: Labels, field: string, value: unknown): string {
  const map = labels.get(field)
  if (!map || value === null || value === undefined || value === '') return ''
  return String(value)
    .split(',')
    .map((k) => map.get(k) ?? k)
    .join(',')
}

/** Adds `<field>Name` for every option field that the row does not already name. */
export function withNames(labels: Labels, row: Row): Row {
  for (const field of labels.keys())
    if (!(`${field}Name` in row)) row[`${field}Name`] = labelOf(labels, field, row[field])
  return row
}
