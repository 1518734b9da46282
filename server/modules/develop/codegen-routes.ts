// The code generator's own calls beside the generic ones (/api/blade-develop): model select,
// table-list and table-info of a data source, the model's prototypes (filled from its table until
// saved), submit-list and select of prototypes, code-setting enable and enable-detail, code copy,
// and gen-code (the module's files as JSON with preview=1, else as a zip).
// All the platform administrator's, like the generator's rows.
import { code } from '../../../src/domain/develop/code.ts'
import {
  codeSetting,
  SETTING_DISABLED,
  SETTING_ENABLED,
} from '../../../src/domain/develop/code-setting.ts'
import { MASTER_DATASOURCE_ID, model } from '../../../src/domain/develop/model.ts'
import { modelPrototype } from '../../../src/domain/develop/model-prototype.ts'
import { PLATFORM } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import type { EntityDef } from '../../../src/domain/entity.ts'
import { checkAndRaiseVersions, versionParam } from '../../crud/action-versions.ts'
import { idempotent } from '../../crud/idempotency.ts'
import { toWire, type AnyDb, type Row } from '../../crud/table.ts'
import { writeRow } from '../../crud/write.ts'
import { now } from '../../core/dates.ts'
import { badRequest, notFound, ok, type Envelope } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import {
  body as jsonBody,
  params,
  requireParam,
  type AppContext,
  type Module,
  type RouteDef,
} from '../../core/routes.ts'
import { assertValid } from '../../crud/validation.ts'
import type { FastifyReply } from 'fastify'
import { developCrud, enabledSetting, liveModel } from './codegen-rules.ts'
import { columnsOf, introspected, sourceOf } from './codegen-source.ts'
import { listTables, propertyEntityOf, propertyNameOf } from './introspect.ts'
import { prototypesOf } from './prototype-fill.ts'
import { generateModules, storedModules, type GeneratedFile } from './gen/index.ts'
import { zipSync, strToU8 } from 'fflate'

const MAX_PROTOTYPES = 500
const MSG_PROTOTYPES_EMPTY = '请提交模型配置'
const MSG_PROTOTYPES_ONE_MODEL = '模型配置须属于同一个数据模型'
export const MSG_PROTOTYPE_OF_OTHER_MODEL = '所提交的模型配置不属于该数据模型或已被删除'
export const MSG_PROTOTYPE_TWICE = (name: string) => `物理列名 ${name} 重复`

function idParam(p: Record<string, string>, name: string): string {
  const id = requireParam(p, name)
  if (!isId(id)) throw badRequest(`请求参数格式错误: ${name}`)
  return id
}

/** The stored prototypes of a model, in order. */
async function storedPrototypes(db: AnyDb, modelId: string): Promise<Row[]> {
  const rows = (await db
    .selectFrom(modelPrototype.table)
    .selectAll()
    .where('model_id', '=', modelId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute()) as Row[]
  return rows.map((r) => toWire(modelPrototype, r))
}

/** Saves a model's prototypes as the list says: each written on the version it carries, the ones left out removed. */
async function submitPrototypes(
  ctx: AppContext,
  user: AuthUser,
  list: Row[],
  trx: AnyDb,
): Promise<Row[]> {
  const modelId = String(list[0]!.modelId ?? '')
  if (list.some((r) => String(r.modelId ?? '') !== modelId))
    throw badRequest(MSG_PROTOTYPES_ONE_MODEL)
  await liveModel(trx, modelId)
  const seen = new Set<string>()
  for (const r of list) {
    const name = String(r.jdbcName ?? '')
    if (seen.has(name)) throw badRequest(MSG_PROTOTYPE_TWICE(name))
    seen.add(name)
  }
  // A row with an id edits that stored row: it must be one of this model's live columns, never
  // another model's (which the save would otherwise move here).
  const ids = [
    ...new Set(
      list
        .map((r) => r.id)
        .filter((v) => v !== undefined && v !== null && v !== '')
        .map(String),
    ),
  ]
  if (ids.some((id) => !isId(id))) throw badRequest('请求参数格式错误: id')
  if (ids.length > 0) {
    const mine = await trx
      .selectFrom(modelPrototype.table)
      .select('id')
      .where('model_id', '=', modelId)
      .where('is_deleted', '=', 0)
      .where('id', 'in', ids)
      .execute()
    if (mine.length !== ids.length) throw badRequest(MSG_PROTOTYPE_OF_OTHER_MODEL)
  }
  const kept: string[] = []
  for (const [i, r] of list.entries()) {
    const row = await writeRow(
      ctx,
      modelPrototype,
      user,
      { ...r, sort: r.sort ?? i + 1 },
      'submit',
      developCrud[modelPrototype.name] ?? {},
      { trx, dataScope: null },
    )
    kept.push(String(row.id))
  }
  await trx
    .updateTable(modelPrototype.table)
    .set((eb) => ({
      is_deleted: 1,
      update_user: user.userId,
      update_time: now(),
      version: eb('version', '+', 1),
    }))
    .where('model_id', '=', modelId)
    .where('is_deleted', '=', 0)
    .where('id', 'not in', kept)
    .execute()
  return storedPrototypes(trx, modelId)
}

/** Answers the files as a zip download. */
function sendZip(reply: FastifyReply, name: string, files: GeneratedFile[]) {
  const zip = zipSync(Object.fromEntries(files.map((f) => [f.path, strToU8(f.content)])))
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Content-Length', String(zip.length))
    .send(Buffer.from(zip))
}

export const codegenRoutes: Module = (ctx) => {
  const db = ctx.db
  /**
   * A POST naming one live row by `id`, run in the request's transaction (idempotent), or 404. The
   * `version` the caller read goes along: a row changed since is refused (409); `writes` raises it.
   */
  const liveRowAction = (
    url: string,
    def: EntityDef,
    writes: boolean,
    gone: string,
    run: (trx: AnyDb, user: AuthUser, row: Row) => Promise<Envelope>,
  ): RouteDef => ({
    method: 'POST',
    url,
    access: PLATFORM,
    owner: 'platform',
    sample: { query: { id: '1' } },
    handler: async (req) => {
      const user = caller(req)
      const p = params(req)
      const id = idParam(p, 'id')
      const read = versionParam(id, p.version)
      return idempotent(ctx, req, user, async (trx) => {
        const live = await trx
          .selectFrom(def.table)
          .select('id')
          .where('id', '=', id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst()
        if (!live) throw notFound(gone)
        const [row] = await checkAndRaiseVersions(trx, {
          def,
          ids: [id],
          read,
          lock: ctx.dialect === 'postgres',
          raise: writes,
        })
        return run(trx, user, row!)
      })
    },
  })
  const genCode: RouteDef['handler'] = async (req, reply) => {
    const p = params(req)
    const ids = requireParam(p, 'ids').split(',')
    if (ids.length > 20 || ids.some((id) => !isId(id))) throw badRequest('请求参数格式错误: ids')
    // Blade names the front end it generates for; this project has one (its own), whatever is asked.
    if (p.system !== undefined && !/^[a-z0-9]{1,20}$/.test(p.system))
      throw badRequest('请求参数格式错误: system')
    const files = await generateModules(db, ctx.dialect, await storedModules(db, [...new Set(ids)]))
    if (p.preview === '1' || p.preview === 'true') return ok(files)
    return sendZip(reply, `code-${ids[0]}.zip`, files)
  }
  const routes: RouteDef[] = [
    {
      method: 'GET',
      url: `${model.api}/select`,
      access: PLATFORM,
      handler: async () =>
        ok(
          await db
            .selectFrom('bladeModel')
            .select(['id', 'modelName', 'modelCode', 'modelTable', 'modelClass', 'datasourceId'])
            .where('isDeleted', '=', 0)
            .orderBy('modelName')
            .limit(1000)
            .execute(),
        ),
    },
    {
      method: 'GET',
      url: `${model.api}/table-list`,
      access: PLATFORM,
      owner: 'platform',
      sample: { query: { datasourceId: MASTER_DATASOURCE_ID } },
      handler: async (req) => {
        const source = await sourceOf(db, ctx.dialect, params(req).datasourceId)
        return ok(await introspected(() => listTables(source)))
      },
    },
    {
      method: 'GET',
      url: `${model.api}/table-info`,
      access: PLATFORM,
      owner: 'platform',
      sample: { query: { tableName: 'blade_param', datasourceId: MASTER_DATASOURCE_ID } },
      handler: async (req) => {
        const p = params(req)
        let datasourceId: unknown = p.datasourceId
        let table = p.tableName ?? ''
        if (p.modelId) {
          const m = await liveModel(db, idParam(p, 'modelId'))
          datasourceId = m.datasourceId
          table = String(m.modelTable)
        } else if (!table) throw badRequest('缺少必要的请求参数: modelId 或 tableName')
        const columns = await columnsOf(db, ctx.dialect, datasourceId, table)
        return ok({
          name: table,
          fields: columns.map((c) => ({
            ...c,
            propertyName: propertyNameOf(c.name),
            propertyEntity: propertyEntityOf(c.type),
          })),
        })
      },
    },
    {
      method: 'GET',
      url: `${model.api}/model-prototype`,
      access: PLATFORM,
      owner: 'platform',
      sample: { query: { modelId: '1', datasourceId: MASTER_DATASOURCE_ID } },
      handler: async (req) => {
        const p = params(req)
        const m = await liveModel(db, idParam(p, 'modelId'))
        const stored = await storedPrototypes(db, String(m.id))
        if (stored.length) return ok(stored)
        // Not configured yet: the table's columns with the first flags, to be ticked and saved.
        return ok(
          prototypesOf(
            String(m.id),
            await columnsOf(
              db,
              ctx.dialect,
              p.datasourceId || m.datasourceId,
              String(m.modelTable),
            ),
          ),
        )
      },
    },
    {
      method: 'GET',
      url: `${modelPrototype.api}/select`,
      access: PLATFORM,
      owner: 'platform',
      sample: { query: { modelId: '1' } },
      handler: async (req) => ok(await storedPrototypes(db, idParam(params(req), 'modelId'))),
    },
    {
      method: 'POST',
      url: `${modelPrototype.api}/submit-list`,
      access: PLATFORM,
      owner: 'platform',
      sample: {
        json: [
          {
            modelId: '1',
            jdbcName: 'param_key',
            jdbcType: 'varchar(255)',
            propertyName: 'paramKey',
            propertyEntity: 'String',
            isList: 1,
          },
        ],
      },
      handler: async (req) => {
        const list = req.body
        if (!Array.isArray(list) || list.length === 0) throw badRequest(MSG_PROTOTYPES_EMPTY)
        if (list.length > MAX_PROTOTYPES) throw badRequest(`模型配置最多 ${MAX_PROTOTYPES} 列`)
        if (list.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
          throw badRequest('模型配置的每一项必须是 JSON 对象')
        const user = caller(req)
        return idempotent(
          ctx,
          req,
          user,
          async (trx) => ok(await submitPrototypes(ctx, user, list as Row[], trx)),
          list,
        )
      },
    },
    liveRowAction(
      `${codeSetting.api}/enable`,
      codeSetting,
      true,
      '代码设置不存在或已被删除',
      async (trx, user, row) => {
        const stamp = { update_user: user.userId, update_time: now() }
        await trx
          .updateTable(codeSetting.table)
          .set((eb) => ({ ...stamp, status: SETTING_DISABLED, version: eb('version', '+', 1) }))
          .where('status', '=', SETTING_ENABLED)
          .where('id', '<>', String(row.id))
          .execute()
        // Its version was raised by the check.
        await trx
          .updateTable(codeSetting.table)
          .set({ ...stamp, status: SETTING_ENABLED })
          .where('id', '=', String(row.id))
          .execute()
        return ok({ id: String(row.id) }, '启用成功')
      },
    ),
    {
      method: 'GET',
      url: `${codeSetting.api}/enable-detail`,
      access: PLATFORM,
      owner: 'platform',
      handler: async () => {
        const row = await db
          .selectFrom('bladeCodeSetting')
          .selectAll()
          .where('status', '=', SETTING_ENABLED)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        return ok(row ? toWire(codeSetting, row) : null)
      },
    },
    liveRowAction(
      `${code.api}/copy`,
      code,
      false,
      '代码模块不存在或已被删除',
      async (trx, user, row) => {
        const t = now()
        const copyId = nextId()
        // The stored row as it is (the connection maps its camelCase keys back to columns): only the
        // name, the id and the audit columns change.
        await trx
          .insertInto(code.table)
          .values({
            ...row,
            id: copyId,
            codeName: `${String(row.codeName)}-copy`.slice(0, 64),
            createUser: user.userId,
            createTime: t,
            updateUser: user.userId,
            updateTime: t,
            version: 1,
          })
          .execute()
        return ok(
          toWire(
            code,
            (await trx
              .selectFrom(code.table)
              .selectAll()
              .where('id', '=', copyId)
              .executeTakeFirstOrThrow()) as Row,
          ),
          '复制成功',
        )
      },
    ),
    {
      // A code module described in the body and not saved: checked as a save would check it, then generated.
      method: 'POST',
      url: `${code.api}/gen-code-fast`,
      access: PLATFORM,
      owner: 'platform',
      answer: { file: 'application/zip' },
      sample: {
        json: {
          codeName: 'param',
          templateType: 'crud',
          modelId: '1',
          tablePrefix: 'blade_',
          pkName: 'id',
          author: 'dmr',
        },
      },
      handler: async (req, reply) => {
        const input = jsonBody<Row>(req)
        assertValid(code, input, 'add')
        const module: Row = { ...input }
        if (module.modelId) {
          const m = await liveModel(db, module.modelId)
          Object.assign(module, {
            datasourceId: m.datasourceId,
            tableName: m.modelTable,
            modelTable: m.modelTable,
            modelClass: m.modelClass,
            modelCode: m.modelCode,
          })
        }
        const setting = await enabledSetting(db)
        for (const field of ['serviceName', 'packageName'])
          if (!module[field] && setting) module[field] = setting[field]
        const files = await generateModules(db, ctx.dialect, [module])
        if (params(req).preview === '1') return ok(files)
        return sendZip(reply, `code-${String(module.modelCode ?? 'module')}.zip`, files)
      },
    },
    // POST as Blade has it; GET as well, so a phone can open the zip by a download link.
    ...(['POST', 'GET'] as const).map((method): RouteDef => ({
      method,
      url: `${code.api}/gen-code`,
      access: PLATFORM,
      owner: 'platform',
      download: method === 'GET',
      answer: { file: 'application/zip' },
      sample: { query: { ids: '1', system: 'saber', preview: '1' } },
      handler: genCode,
    })),
  ]
  return routes
}
