// Seeds the plain dictionaries (system parents sealed) and the business dictionaries of tenant
// 000000. Keyed by (tenant, code, parent/dictKey): an entry already there, even soft-deleted by an
// administrator, is left alone.
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { DICT_BIZ } from './dict-biz-data.ts'
import { DICTS, type DictSeed } from './dict-data.ts'
import { TENANT_ID } from './ids.ts'
import { stableId } from './stable-id.ts'

interface DictRow {
  id: string
  parentId: string
  code: string
  dictKey: string
  dictValue: string
  sort: number
  remark: string | null
  isSealed: number
}

const keyOf = (code: string, parentId: string, dictKey: string) =>
  parentId === '0' ? `${code}|parent` : `${code}|${dictKey}`

/** The rows of `seeds` not yet in `existing`, parents before their entries. */
function missingRows(
  kind: string,
  seeds: DictSeed[],
  existing: { id: string; parentId: string; code: string; dictKey: string }[],
  sealed: number,
): DictRow[] {
  const have = new Map(existing.map((r) => [keyOf(r.code, r.parentId, r.dictKey), r.id]))
  const rows: DictRow[] = []
  seeds.forEach((d, i) => {
    let parentId = have.get(keyOf(d.code, '0', '-1'))
    if (!parentId) {
      parentId = stableId(kind, `${d.code}|parent`)
      rows.push({
        id: parentId,
        parentId: '0',
        code: d.code,
        dictKey: '-1',
        dictValue: d.name,
        sort: i + 1,
        remark: d.remark,
        isSealed: sealed,
      })
    }
    d.entries.forEach(([dictKey, dictValue, remark], j) => {
      if (have.has(keyOf(d.code, parentId, dictKey))) return
      rows.push({
        id: stableId(kind, `${d.code}|${dictKey}`),
        parentId,
        code: d.code,
        dictKey,
        dictValue,
        sort: j + 1,
        remark,
        isSealed: 0,
      })
    })
  })
  return rows
}

export async function seedDicts(db: Kysely<DB>): Promise<void> {
  const plain = await db
    .selectFrom('bladeDict')
    .select(['id', 'parentId', 'code', 'dictKey'])
    .execute()
  const rows = missingRows('dict', DICTS, plain, 1)
  if (rows.length) await db.insertInto('bladeDict').values(rows).execute()

  const biz = await db
    .selectFrom('bladeDictBiz')
    .select(['id', 'parentId', 'code', 'dictKey'])
    .where('tenantId', '=', TENANT_ID)
    .execute()
  const bizRows = missingRows(`dict_biz:${TENANT_ID}`, DICT_BIZ, biz, 0).map((r) => ({
    ...r,
    tenantId: TENANT_ID,
  }))
  if (bizRows.length) await db.insertInto('bladeDictBiz').values(bizRows).execute()
}
