// Regions (/blade-system/region, docs/contract.md §10.5): keyed by `code`, hard delete, lazy trees by
// parentCode. Submit is an upsert by code; the server fills ancestors and the level's code/name.
import type { FastifyRequest } from 'fastify'
import type { Insertable } from 'kysely'
import { region } from '../../../src/domain/system/region.ts'
import { validateRecord } from '../../../src/domain/validate.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import { button, PLATFORM } from '../../core/access.ts'
import { hasButton } from '../../auth/guard.ts'
import { allOf } from '../../crud/conditions.ts'
import { parsePage, parseSearchFilters } from '../../crud/filters.ts'
import type { RegionTable } from '../../db/schema.ts'
import { badRequest, done, forbidden, notFound, ok } from '../../core/envelope.ts'
import { body, params, requireParam, type Module } from '../../core/routes.ts'
import { caller } from '../../auth/context.ts'

type Region = Omit<RegionTable, 'ancestors' | 'level' | 'sort'> & {
  ancestors: string
  level: number
  sort: number
}
const LEVEL_PAIRS = ['province', 'city', 'district', 'town', 'village'] as const
const CODE = /^\d{2,12}$/

export const regionModule: Module = (ctx) => {
  const db = ctx.db
  const read = button('region')

  async function childrenFlags(codes: string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set()
    const rows = await db
      .selectFrom('bladeRegion')
      .select('parentCode')
      .where('parentCode', 'in', codes)
      .groupBy('parentCode')
      .execute()
    return new Set(rows.map((r) => r.parentCode))
  }

  async function children(req: FastifyRequest) {
    const p = params(req)
    const filters = parseSearchFilters(region, p)
    const q = db
      .selectFrom('bladeRegion')
      .selectAll()
      .where('parentCode', '=', p.parentCode || '0')
      .where((eb) => allOf(eb, filters))
    const rows = (await q.orderBy('sort').orderBy('code').execute()) as Region[]
    const withKids = await childrenFlags(rows.map((r) => r.code))
    return rows.map((r) => ({ ...r, hasChildren: withKids.has(r.code) }))
  }

  async function withParentName(r: Region) {
    const parent = await db
      .selectFrom('bladeRegion')
      .select('name')
      .where('code', '=', r.parentCode)
      .executeTakeFirst()
    return { ...r, id: r.code, parentId: r.parentCode, parentName: parent?.name ?? '顶级' }
  }

  async function submit(req: FastifyRequest, mode: 'submit' | 'save' | 'update') {
    const user = caller(req)
    const input = body<Record<string, unknown>>(req)
    const code = String(input.code ?? '')
    const existing = CODE.test(code)
      ? await db.selectFrom('bladeRegion').selectAll().where('code', '=', code).executeTakeFirst()
      : undefined
    if (mode === 'save' && existing) throw badRequest('当前区划编号已存在!')
    if (mode === 'update' && !existing) throw notFound('区划不存在')
    if (!(await hasButton(ctx, user, existing ? 'region_edit' : 'region_add'))) throw forbidden()
    const errors = validateRecord(region, input, existing ? 'edit' : 'add')
    if (!existing && errors.length === 0 && !CODE.test(code))
      throw badRequest('区划编号只能是2到12位数字')
    if (errors.length) throw badRequest(errors.map((e) => sourceText(e.message)).join('; '))
    const parentCode = String(input.parentCode ?? existing?.parentCode ?? '')
    if (parentCode === code) throw badRequest('上级区划不能是自己')
    const parent =
      parentCode === '0'
        ? null
        : await db
            .selectFrom('bladeRegion')
            .selectAll()
            .where('code', '=', parentCode)
            .executeTakeFirst()
    if (parentCode !== '0' && !parent) throw badRequest('上级区划不存在')
    const level = Number(input.level ?? existing?.level ?? (parent ? parent.level + 1 : 0))
    const name = String(input.name ?? existing?.name)
    const row: Record<string, unknown> = {
      parentCode,
      ancestors: parent ? `${parent.ancestors},${parent.code}` : '0',
      name,
      level,
      sort: Number(input.sort ?? existing?.sort ?? 1),
      remark:
        input.remark === undefined
          ? (existing?.remark ?? null)
          : input.remark === null
            ? null
            : String(input.remark),
    }
    // Each level keeps its own code/name pair, inherited from the parent for the levels above.
    for (const [i, pair] of LEVEL_PAIRS.entries()) {
      const lv = i + 1
      const p = parent as Record<string, unknown> | undefined
      row[`${pair}Code`] = lv === level ? code : lv < level ? (p?.[`${pair}Code`] ?? null) : null
      row[`${pair}Name`] = lv === level ? name : lv < level ? (p?.[`${pair}Name`] ?? null) : null
    }
    if (existing) await db.updateTable('bladeRegion').set(row).where('code', '=', code).execute()
    else
      await db
        .insertInto('bladeRegion')
        .values({ code, ...row } as unknown as Insertable<RegionTable>)
        .execute()
    return ok(
      await withParentName(
        (await db
          .selectFrom('bladeRegion')
          .selectAll()
          .where('code', '=', code)
          .executeTakeFirstOrThrow()) as Region,
      ),
    )
  }

  return [
    {
      method: 'GET',
      url: '/blade-system/region/list',
      access: read,
      handler: async (req) => {
        const p = params(req)
        const { current, size } = parsePage(p)
        // Declared search fields (code, name LIKE; level equal) with their operator suffixes.
        const filters = parseSearchFilters(region, p)
        let q = db.selectFrom('bladeRegion').where((eb) => allOf(eb, filters))
        if (p.parentCode) q = q.where('parentCode', '=', p.parentCode)
        const total = Number(
          (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
        )
        const records = await q
          .selectAll()
          .orderBy('code')
          .limit(size)
          .offset((current - 1) * size)
          .execute()
        return ok({ records, total, size, current, pages: Math.ceil(total / size) })
      },
    },
    {
      method: 'GET',
      url: '/blade-system/region/lazy-list',
      access: read,
      handler: async (req) => ok(await children(req)),
    },
    {
      method: 'GET',
      url: '/blade-system/region/lazy-tree',
      access: read,
      handler: async (req) =>
        ok(
          (await children(req)).map((r) => ({
            id: r.code,
            parentId: r.parentCode,
            title: r.name,
            key: r.code,
            value: r.code,
            hasChildren: r.hasChildren,
          })),
        ),
    },
    {
      method: 'GET',
      url: '/blade-system/region/select',
      access: read,
      handler: async (req) =>
        ok(
          await db
            .selectFrom('bladeRegion')
            .selectAll()
            .where('parentCode', '=', params(req).code || '00')
            .orderBy('sort')
            .orderBy('code')
            .execute(),
        ),
    },
    {
      method: 'GET',
      url: '/blade-system/region/detail',
      access: read,
      handler: async (req) => {
        const code = requireParam(params(req), 'code')
        const r = await db
          .selectFrom('bladeRegion')
          .selectAll()
          .where('code', '=', code)
          .executeTakeFirst()
        if (!r) throw notFound('区划不存在')
        return ok(await withParentName(r as Region))
      },
    },
    {
      method: 'POST',
      url: '/blade-system/region/submit',
      access: PLATFORM,
      handler: (req) => submit(req, 'submit'),
    },
    {
      method: 'POST',
      url: '/blade-system/region/save',
      access: PLATFORM,
      handler: (req) => submit(req, 'save'),
    },
    {
      method: 'POST',
      url: '/blade-system/region/update',
      access: PLATFORM,
      handler: (req) => submit(req, 'update'),
    },
    {
      method: 'POST',
      url: '/blade-system/region/remove',
      access: PLATFORM,
      handler: async (req) => {
        const code = requireParam(params(req), 'id')
        if (
          !(await db
            .selectFrom('bladeRegion')
            .select('code')
            .where('code', '=', code)
            .executeTakeFirst())
        )
          throw notFound('区划不存在')
        if (
          await db
            .selectFrom('bladeRegion')
            .select('code')
            .where('parentCode', '=', code)
            .executeTakeFirst()
        )
          throw badRequest('请先删除子节点!')
        await db.deleteFrom('bladeRegion').where('code', '=', code).execute()
        return done()
      },
    },
  ]
}
