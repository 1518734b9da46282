// Notices of the caller's tenant for the desk and the notice popover: a page (newest first,
// optional title/category filters) and a detail. Full CRUD belongs to the desk module.
import type { Kysely } from 'kysely'
import { USER } from '../../auth/context.ts'
import type { DB } from '../../db/schema.ts'
import { badRequest, notFound, ok } from '../../http/envelope.ts'
import { isId } from '../../http/ids.ts'
import { caller, params, requireParam, type Module } from '../../http/routes.ts'

function pageParam(p: Record<string, string>, name: string, fallback: number, max: number): number {
  const raw = p[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw badRequest(`请求参数格式错误: ${name}`)
  return Math.min(Number(raw), max)
}

async function categoryNames(db: Kysely<DB>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('bladeDict').select(['dictKey', 'dictValue']).where('code', '=', 'notice').where('parentId', '<>', '0').where('isDeleted', '=', 0).execute()
  return new Map(rows.map((r) => [Number(r.dictKey), r.dictValue]))
}

export const noticeModule: Module = ({ db }) => [
  {
    method: 'GET',
    url: '/blade-desk/notice/list',
    access: USER,
    handler: async (req) => {
      const p = params(req)
      const current = pageParam(p, 'current', 1, 1_000_000)
      const size = pageParam(p, 'size', 10, 500)
      let q = db.selectFrom('bladeNotice').where('tenantId', '=', caller(req).tenantId).where('isDeleted', '=', 0)
      if (p.title) q = q.where('title', 'like', `%${p.title}%`)
      if (p.category) {
        if (!/^\d{1,9}$/.test(p.category)) throw badRequest('请求参数格式错误: category')
        q = q.where('category', '=', Number(p.category))
      }
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
      const rows = await q
        .select(['id', 'tenantId', 'title', 'category', 'releaseTime', 'content'])
        .orderBy('releaseTime', 'desc')
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute()
      const names = await categoryNames(db)
      const records = rows.map((r) => ({ ...r, category: r.category ?? -1, categoryName: names.get(r.category ?? -1) ?? '', releaseTime: r.releaseTime ?? '', content: r.content ?? '' }))
      const count = Number(total)
      return ok({ records, total: count, size, current, pages: Math.ceil(count / size) })
    },
  },
  {
    method: 'GET',
    url: '/blade-desk/notice/detail',
    access: USER,
    handler: async (req) => {
      const id = requireParam(params(req), 'id')
      if (!isId(id)) throw badRequest('请求参数格式错误: id')
      const r = await db
        .selectFrom('bladeNotice')
        .select(['id', 'tenantId', 'title', 'category', 'releaseTime', 'content', 'createTime', 'updateTime', 'status'])
        .where('id', '=', id)
        .where('tenantId', '=', caller(req).tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
      if (!r) throw notFound('通知不存在')
      const names = await categoryNames(db)
      return ok({ ...r, category: r.category ?? -1, categoryName: names.get(r.category ?? -1) ?? '', releaseTime: r.releaseTime ?? '', content: r.content ?? '', createTime: r.createTime ?? '', updateTime: r.updateTime ?? '' })
    },
  },
]
