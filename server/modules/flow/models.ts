// Process models (/blade-flow/model): the designer's BPMN drafts of a tenant. A submit checks the XML
// with the engine (it must parse and hold one executable process it can run) and refuses a stale
// version; deploy makes the model's XML a new version of its process in the chosen tenants.
import { isAdministrator, type AuthUser, caller } from '../../auth/context.ts'
import { button } from '../../core/access.ts'
import { staleRefusal } from '../../crud/version.ts'
import { now } from '../../core/dates.ts'
import { badRequest, done, notFound, ok } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import { body, params, requireParam, type Module, type RouteDef } from '../../core/routes.ts'
import { contains, guarded, idOf, idsOf, pageArgs, pageOf } from './shared.ts'
import { LEAVE_BPMN } from './leave-bpmn.ts'
import { toModel } from './wire.ts'

const API = '/blade-flow/model'
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/
const CATEGORY = /^[A-Za-z0-9_-]{1,64}$/
const MAX_XML = 2_000_000

function text(
  b: Record<string, unknown>,
  name: string,
  label: string,
  max: number,
  required: boolean,
): string | null {
  const v = b[name]
  if (v === undefined || v === null || v === '') {
    if (required) throw badRequest(`请输入${label}`)
    return null
  }
  if (typeof v !== 'string') throw badRequest(`请求参数格式错误: ${name}`)
  if (v.trim() === '' && required) throw badRequest(`请输入${label}`)
  if (v.length > max) throw badRequest(`${label}不能超过${max}个字符`)
  return v.trim()
}

/** The tenants a deploy goes to: the platform administrator may name several, anyone else deploys into their own. */
export async function deployTenants(
  ctx: Parameters<Module>[0],
  user: AuthUser,
  asked: string | undefined,
): Promise<string[]> {
  const list = (asked ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (!list.length || !isAdministrator(user)) return [user.tenantId]
  const known = await ctx.db
    .selectFrom('bladeTenant')
    .select('tenantId')
    .where('tenantId', 'in', list)
    .where('isDeleted', '=', 0)
    .execute()
  const missing = list.filter((t) => !known.some((k) => k.tenantId === t))
  if (missing.length) throw badRequest(`租户不存在: ${missing.join(',')}`)
  return [...new Set(list)]
}

export function categoryOf(p: Record<string, string>): string {
  const c = requireParam(p, 'category').trim()
  if (!CATEGORY.test(c)) throw badRequest('流程分类只能由字母、数字、_ 和 - 组成, 不超过64个字符')
  return c
}

export const modelRoutes: Module = (ctx): RouteDef[] => {
  const { db } = ctx
  const own = async (user: AuthUser, id: string) => {
    const row = await db
      .selectFrom('bladeFlowModel')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst()
    if (!row) throw notFound('模型不存在或已被删除')
    return row
  }
  return [
    {
      method: 'GET',
      url: `${API}/list`,
      access: button('flow_model'),
      owner: 'tenant',
      sample: { query: { current: '1', size: '10', name: '请假' } },
      handler: async (req) => {
        const p = params(req)
        const { current, size, offset } = pageArgs(p)
        let q = db
          .selectFrom('bladeFlowModel')
          .where('tenantId', '=', caller(req).tenantId)
          .where('isDeleted', '=', 0)
        if (p.name?.trim()) q = q.where(contains('name', p.name.trim()))
        if (p.modelKey?.trim()) q = q.where(contains('model_key', p.modelKey.trim()))
        const total = Number(
          (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
        )
        const rows = await q
          .selectAll()
          .orderBy('updateTime', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset(offset)
          .execute()
        return ok(
          pageOf(
            rows.map((r) => toModel(r, false)),
            total,
            current,
            size,
          ),
        )
      },
    },
    {
      method: 'GET',
      url: `${API}/detail`,
      access: button('flow_model'),
      owner: 'tenant',
      sample: { query: { id: '1' } },
      handler: async (req) => ok(toModel(await own(caller(req), idOf(params(req), 'id')), true)),
    },
    {
      method: 'POST',
      url: `${API}/submit`,
      access: { kind: 'anyButton', codes: ['flow_model_add', 'flow_model_edit'] },
      owner: 'tenant',
      sample: { json: { modelKey: 'Leave', name: '请假流程', description: '', xml: LEAVE_BPMN } },
      handler: async (req) => {
        const user = caller(req)
        const b = body(req)
        const id = b.id === undefined || b.id === null || b.id === '' ? null : String(b.id)
        if (id !== null && !isId(id)) throw badRequest('请求参数格式错误: id')
        const modelKey = text(b, 'modelKey', '模型标识', 64, true)!
        if (!KEY.test(modelKey)) throw badRequest('模型标识须以字母开头, 由字母、数字、_ . - 组成')
        const name = text(b, 'name', '模型名称', 100, true)!
        const description = text(b, 'description', '模型描述', 500, false)
        const xml = text(b, 'xml', '流程XML', MAX_XML, true)!
        await guarded(() => ctx.flowEngine.check(xml))
        const at = now()
        const dup = await db
          .selectFrom('bladeFlowModel')
          .select('id')
          .where('tenantId', '=', user.tenantId)
          .where('modelKey', '=', modelKey)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        if (dup && dup.id !== id) throw badRequest(`模型标识已存在: ${modelKey}`)
        if (id === null) {
          const row = {
            id: nextId(),
            tenantId: user.tenantId,
            modelKey,
            name,
            description,
            xml,
            version: 1,
            createUser: user.userId,
            createDept: user.deptIds[0] ?? null,
            createTime: at,
            updateUser: user.userId,
            updateTime: at,
          }
          await db.insertInto('bladeFlowModel').values(row).execute()
          return ok(toModel({ ...row, status: 1, isDeleted: 0 }, false))
        }
        if (b.version === undefined || b.version === null || b.version === '')
          throw badRequest('缺少必要的请求参数: version')
        const version = Number(b.version)
        if (!Number.isInteger(version) || version < 0) throw badRequest('请求参数格式错误: version')
        return db.transaction().execute(async (trx) => {
          const existing = await own(user, id)
          const r = await trx
            .updateTable('bladeFlowModel')
            .set({
              modelKey,
              name,
              description,
              xml,
              version: version + 1,
              updateUser: user.userId,
              updateTime: at,
            })
            .where('id', '=', id)
            .where('version', '=', version)
            .executeTakeFirst()
          if (Number(r.numUpdatedRows) !== 1)
            throw await staleRefusal(
              trx as never,
              existing as never,
              toModel(existing, false) as never,
            )
          return ok(
            toModel(
              {
                ...existing,
                modelKey,
                name,
                description,
                xml,
                version: version + 1,
                updateTime: at,
              },
              false,
            ),
          )
        })
      },
    },
    {
      method: 'POST',
      url: `${API}/remove`,
      access: button('flow_model_delete'),
      owner: 'tenant',
      sample: { query: { ids: '1' } },
      handler: async (req) => {
        const user = caller(req)
        const ids = idsOf(params(req), 'ids')
        await db
          .updateTable('bladeFlowModel')
          .set({ isDeleted: 1, updateUser: user.userId, updateTime: now() })
          .where('id', 'in', ids)
          .where('tenantId', '=', user.tenantId)
          .execute()
        return done()
      },
    },
    {
      method: 'POST',
      url: `${API}/deploy`,
      access: button('flow_model_deploy'),
      owner: 'tenant',
      sample: { query: { modelId: '1', category: 'flow_1' } },
      handler: async (req) => {
        const user = caller(req)
        const p = params(req)
        const model = await own(user, idOf(p, 'modelId'))
        const category = categoryOf(p)
        const tenantIds = await deployTenants(ctx, user, p.tenantIds)
        const rows = await guarded(() =>
          ctx.flowEngine.deploy({
            tenantIds,
            category,
            files: [{ resourceName: `${model.modelKey}.bpmn20.xml`, xml: model.xml }],
          }),
        )
        return ok(
          rows.map((r) => ({
            id: r.id,
            deploymentId: r.deploymentId,
            tenantId: r.tenantId,
            key: r.processKey,
            version: r.processVersion,
          })),
        )
      },
    },
  ]
}
