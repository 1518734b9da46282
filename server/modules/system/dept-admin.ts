// Departments (/blade-system/dept, docs/contract.md §10.3): forests, lazy lists and trees of one tenant,
// detail with parentName, submit (the server computes ancestors, a child inherits its parent's
// tenant, moving a dept recomputes its descendants) and remove (refused with children or users).
import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import { dept } from '../../../src/domain/system/dept.ts'
import { button, USER } from '../../core/access.ts'
import { isAdministrator, type AuthUser, caller } from '../../auth/context.ts'
import type { DB, DeptTable } from '../../db/schema.ts'
import { badRequest, done, notFound, ok } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import { body, params, requireParam, type Module } from '../../core/routes.ts'
import {
  assertOwnTenant,
  csvHas,
  descendantsOf,
  idList,
  like,
  readTenant,
  requireButton,
} from './admin-support.ts'
import { assertValid } from '../../crud/validation.ts'
import { assertCurrentVersion, assertNotOvertaken, nextVersion } from '../../crud/version.ts'
import { searchOf } from './search.ts'
import { mergeForest, treeForest, treeNode } from '../../crud/tree.ts'

type Dept = Selectable<DeptTable>
const TOP = '顶级'

function deptVO(d: Dept, parentName = '') {
  return {
    ...d,
    deptCategory: d.deptCategory ?? -1,
    fullName: d.fullName ?? '',
    remark: d.remark ?? '',
    parentName,
  }
}

function tenantDepts(db: Kysely<DB>, tenantId: string): Promise<Dept[]> {
  return db
    .selectFrom('bladeDept')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

/** Users (live) of a tenant whose dept list names one of `deptIds`. */
async function usersIn(db: Kysely<DB>, tenantId: string, deptIds: string[]): Promise<number> {
  const rows = await db
    .selectFrom('bladeUser')
    .select('deptId')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where((eb) => eb.or(deptIds.map((id) => eb('deptId', 'like', like(id)))))
    .execute()
  return rows.filter((r) => deptIds.some((id) => csvHas(r.deptId, id))).length
}

const COMPANY = 1

/** Saber's dept form has no category: a new dept sent without one takes its parent's, or company at the top. */
async function withDefaultCategory(
  db: Kysely<DB>,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if ('deptCategory' in input) return input
  const parentId =
    input.parentId === undefined || input.parentId === null ? '' : String(input.parentId)
  const parent = isId(parentId)
    ? await db
        .selectFrom('bladeDept')
        .select('deptCategory')
        .where('id', '=', parentId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
    : undefined
  return { ...input, deptCategory: parent?.deptCategory ?? COMPANY }
}

async function submit(ctx: { db: Kysely<DB> }, user: AuthUser, sent: Record<string, unknown>) {
  const id = sent.id === undefined || sent.id === null || sent.id === '' ? null : String(sent.id)
  if (id !== null && !isId(id)) throw badRequest('请求参数格式错误: id')
  return ctx.db.transaction().execute(async (trx) => {
    const existing = id
      ? await trx
          .selectFrom('bladeDept')
          .selectAll()
          .where('id', '=', id)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
      : undefined
    if (id && !existing) throw notFound('数据不存在或已被删除')
    if (existing) assertOwnTenant(user, [existing.tenantId], '部门')
    await requireButton(trx, user, existing ? 'dept_edit' : 'dept_add')
    const input = existing ? sent : await withDefaultCategory(trx, sent)
    if (existing) await assertCurrentVersion(trx, dept, input, existing)
    assertValid(dept, input, existing ? 'edit' : 'add')
    const parentId =
      input.parentId !== undefined && input.parentId !== null && input.parentId !== ''
        ? String(input.parentId)
        : existing && input.parentId === undefined
          ? existing.parentId
          : '0'
    if (parentId !== '0' && !isId(parentId)) throw badRequest('请求参数格式错误: parentId')
    if (existing && parentId === existing.id) throw badRequest('上级机构不能是自己')
    const parent =
      parentId === '0'
        ? undefined
        : await trx
            .selectFrom('bladeDept')
            .selectAll()
            .where('id', '=', parentId)
            .where('isDeleted', '=', 0)
            .executeTakeFirst()
    if (parentId !== '0' && !parent) throw badRequest('上级机构不存在')
    if (parent) assertOwnTenant(user, [parent.tenantId], '部门')
    const askedTenant =
      typeof input.tenantId === 'string' && input.tenantId && isAdministrator(user)
        ? input.tenantId
        : user.tenantId
    const tenantId = parent?.tenantId ?? existing?.tenantId ?? askedTenant
    if (existing && tenantId !== existing.tenantId) throw badRequest('不能将部门移动到其他租户')
    if (
      !existing &&
      !(await trx
        .selectFrom('bladeTenant')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst())
    )
      throw badRequest('租户不存在')
    const all = await tenantDepts(trx, tenantId)
    if (existing && descendantsOf(all, existing.id).has(parentId))
      throw badRequest('上级机构不能是自己的下级')
    const ancestors = parent ? `${parent.ancestors},${parent.id}` : '0'
    const pick = <K extends 'deptName' | 'fullName' | 'remark'>(k: K) =>
      input[k] !== undefined
        ? input[k] === null
          ? null
          : String(input[k])
        : (existing?.[k] ?? null)
    const num = (k: 'deptCategory' | 'sort', dflt: number | null) =>
      input[k] !== undefined && input[k] !== null && input[k] !== ''
        ? Number(input[k])
        : (existing?.[k] ?? dflt)
    const values = {
      parentId,
      ancestors,
      deptName: String(pick('deptName')),
      fullName: pick('fullName'),
      remark: pick('remark'),
      deptCategory: num('deptCategory', null),
      sort: num('sort', 0) ?? 0,
    }
    const rowId = existing?.id ?? nextId()
    if (existing)
      assertNotOvertaken(
        await trx
          .updateTable('bladeDept')
          .set({ ...values, version: nextVersion(existing) })
          .where('id', '=', rowId)
          .where('version', '=', existing.version)
          .executeTakeFirst(),
      )
    else
      await trx
        .insertInto('bladeDept')
        .values({ id: rowId, tenantId, ...values, isDeleted: 0 })
        .execute()
    if (existing && existing.ancestors !== ancestors) {
      // Descendants keep their place under the moved dept: rebuild their ancestors top-down.
      const byParent = new Map<string, Dept[]>()
      for (const d of all) byParent.set(d.parentId, [...(byParent.get(d.parentId) ?? []), d])
      const walk = async (pid: string, anc: string) => {
        for (const child of byParent.get(pid) ?? []) {
          const own = `${anc},${pid}`
          await trx
            .updateTable('bladeDept')
            .set({ ancestors: own })
            .where('id', '=', child.id)
            .execute()
          await walk(child.id, own)
        }
      }
      await walk(rowId, ancestors)
    }
    const row = await trx
      .selectFrom('bladeDept')
      .selectAll()
      .where('id', '=', rowId)
      .executeTakeFirstOrThrow()
    return deptVO(row, parent?.deptName ?? TOP)
  })
}

export const deptAdminModule: Module = (ctx) => {
  const { db } = ctx
  const read = button('dept')
  const namesOf = (rows: Dept[]) => new Map(rows.map((r) => [r.id, r.deptName]))

  async function lazy(req: FastifyRequest) {
    const p = params(req)
    const tenantId = readTenant(caller(req), p.tenantId)
    const all = await tenantDepts(db, tenantId)
    const search = await searchOf(db, dept, p, tenantId)
    // A search answers matches from every level unless a parent is named.
    const rows = all.filter(
      (r) =>
        search.has(r.id) &&
        (p.parentId || !search.searching ? r.parentId === (p.parentId || '0') : true),
    )
    const withKids = new Set(all.map((r) => r.parentId))
    return { rows, withKids, names: namesOf(all) }
  }

  return [
    {
      method: 'GET',
      url: '/blade-system/dept/list',
      access: read,
      handler: async (req) => {
        const p = params(req)
        const tenantId = readTenant(caller(req), p.tenantId)
        const all = await tenantDepts(db, tenantId)
        const names = namesOf(all)
        const search = await searchOf(db, dept, p, tenantId)
        return ok(
          mergeForest(
            all.filter((d) => search.has(d.id)).map((d) => deptVO(d, names.get(d.parentId) ?? '')),
          ),
        )
      },
    },
    {
      method: 'GET',
      url: '/blade-system/dept/lazy-list',
      access: read,
      handler: async (req) => {
        const { rows, withKids, names } = await lazy(req)
        return ok(
          rows.map((d) => ({
            ...deptVO(d, names.get(d.parentId) ?? ''),
            hasChildren: withKids.has(d.id),
          })),
        )
      },
    },
    {
      method: 'GET',
      url: '/blade-system/dept/tree',
      access: USER,
      handler: async (req) =>
        ok(
          treeForest(
            await tenantDepts(db, readTenant(caller(req), params(req).tenantId)),
            (d) => d.deptName,
          ),
        ),
    },
    {
      method: 'GET',
      url: '/blade-system/dept/lazy-tree',
      access: USER,
      handler: async (req) => {
        const { rows, withKids } = await lazy(req)
        return ok(
          rows.map((d) => ({
            ...treeNode(d.id, d.parentId, d.deptName),
            hasChildren: withKids.has(d.id),
          })),
        )
      },
    },
    {
      method: 'GET',
      url: '/blade-system/dept/detail',
      access: read,
      handler: async (req) => {
        const id = requireParam(params(req), 'id')
        if (!isId(id)) throw badRequest('请求参数格式错误: id')
        const user = caller(req)
        const row = await db
          .selectFrom('bladeDept')
          .selectAll()
          .where('id', '=', id)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        if (!row || (!isAdministrator(user) && row.tenantId !== user.tenantId))
          throw notFound('数据不存在或已被删除')
        const parent =
          row.parentId === '0'
            ? undefined
            : await db
                .selectFrom('bladeDept')
                .select('deptName')
                .where('id', '=', row.parentId)
                .executeTakeFirst()
        return ok(deptVO(row, parent?.deptName ?? TOP))
      },
    },
    {
      method: 'POST',
      url: '/blade-system/dept/submit',
      access: { kind: 'anyButton', codes: ['dept_add', 'dept_edit'] },
      handler: async (req) => ok(await submit(ctx, caller(req), body(req))),
    },
    {
      method: 'POST',
      url: '/blade-system/dept/remove',
      access: button('dept_delete'),
      handler: async (req) => {
        const ids = idList(params(req).ids, 'ids')
        const user = caller(req)
        await db.transaction().execute(async (trx) => {
          const rows = await trx
            .selectFrom('bladeDept')
            .selectAll()
            .where('id', 'in', ids)
            .where('isDeleted', '=', 0)
            .execute()
          if (rows.length !== ids.length) throw badRequest('数据不存在或已被删除')
          assertOwnTenant(
            user,
            rows.map((r) => r.tenantId),
            '部门',
          )
          const kids = await trx
            .selectFrom('bladeDept')
            .select('id')
            .where('parentId', 'in', ids)
            .where('isDeleted', '=', 0)
            .execute()
          if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子节点!')
          for (const tenantId of new Set(rows.map((r) => r.tenantId))) {
            if (
              (await usersIn(
                trx,
                tenantId,
                rows.filter((r) => r.tenantId === tenantId).map((r) => r.id),
              )) > 0
            )
              throw badRequest('部门下存在用户，请先移除用户!')
          }
          await trx.updateTable('bladeDept').set({ isDeleted: 1 }).where('id', 'in', ids).execute()
        })
        return done()
      },
    },
  ]
}
