// Dictionary entries by code for selects and labels: plain dictionaries (dictKey as a number when
// it is an integer, docs/contract.md §9) and business dictionaries (string keys, the caller's tenant,
// falling back to tenant 000000's entries). Entries of a deleted dictionary are not listed.
import type { Kysely } from 'kysely'
import { USER } from '../../core/access.ts'
import type { DB } from '../../db/schema.ts'
import { PLATFORM_TENANT_ID } from '../../db/platform-menus.ts'
import { ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, requireParam, type Module } from '../../core/routes.ts'

const INTEGER = /^-?\d{1,15}$/
const COLUMNS = [
  'd.id',
  'd.parentId',
  'd.code',
  'd.dictKey',
  'd.dictValue',
  'd.sort',
  'd.remark',
  'd.isSealed',
] as const

const withRemark = <T extends { remark: string | null }>(rows: T[]) =>
  rows.map((r) => ({ ...r, remark: r.remark ?? '' }))

async function plainEntries(db: Kysely<DB>, code: string) {
  const rows = await db
    .selectFrom('bladeDict as d')
    .innerJoin('bladeDict as p', 'p.id', 'd.parentId')
    .select(COLUMNS)
    .where('d.code', '=', code)
    .where('d.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .orderBy('d.sort')
    .orderBy('d.id')
    .execute()
  return withRemark(rows).map((r) => ({
    ...r,
    dictKey: INTEGER.test(r.dictKey) ? Number(r.dictKey) : r.dictKey,
  }))
}

async function bizEntries(db: Kysely<DB>, code: string, tenantId: string) {
  const rows = await db
    .selectFrom('bladeDictBiz as d')
    .innerJoin('bladeDictBiz as p', 'p.id', 'd.parentId')
    .select(COLUMNS)
    .where('d.code', '=', code)
    .where('d.tenantId', '=', tenantId)
    .where('d.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .orderBy('d.sort')
    .orderBy('d.id')
    .execute()
  return withRemark(rows)
}

export const dictModule: Module = ({ db }) => [
  {
    method: 'GET',
    url: '/blade-system/dict/dictionary',
    access: USER,
    handler: async (req) => ok(await plainEntries(db, requireParam(params(req), 'code'))),
  },
  {
    method: 'GET',
    url: '/blade-system/dict-biz/dictionary',
    access: USER,
    handler: async (req) => {
      const code = requireParam(params(req), 'code')
      const tenantId = caller(req).tenantId
      const own = await bizEntries(db, code, tenantId)
      return ok(
        own.length || tenantId === PLATFORM_TENANT_ID
          ? own
          : await bizEntries(db, code, PLATFORM_TENANT_ID),
      )
    },
  },
]
