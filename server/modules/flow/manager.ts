// Deployments (/blade-flow/manager): the tenant's deployed process definitions, their suspension
// (a suspended one cannot be started), BPMN files uploaded and deployed (.bpmn, .bpmn20.xml), and
// deleting deployments with their processes.
import type { FastifyRequest } from 'fastify'
import { button } from '../../core/access.ts'
import {
  STATE_ACTIVE as ACTIVE_NAME,
  STATE_SUSPENDED as SUSPENDED_NAME,
} from '../../../src/domain/workflow/flow-records.ts'
import { badRequest, done, ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, requireParam, type Module, type RouteDef } from '../../core/routes.ts'
import { deployTenants, categoryOf } from './models.ts'
import { categoryNames, contains, guarded, idOf, idsOf, pageArgs, pageOf } from './shared.ts'
import { toProcess } from './wire.ts'

const API = '/blade-flow/manager'
const MAX_FILE = 2_000_000
const MAX_FILES = 20
const BPMN_NAME = /\.(bpmn|bpmn20\.xml)$/i

/** The uploaded BPMN files and the other form fields of a multipart request. */
async function readFiles(
  req: FastifyRequest,
): Promise<{ files: { resourceName: string; xml: string }[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传流程文件')
  const files: { resourceName: string; xml: string }[] = []
  const fields: Record<string, string> = {}
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_FILE, files: MAX_FILES, fields: 20, fieldSize: 4096 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (part.file.truncated) throw badRequest('流程文件不能超过 2MB')
        const name = part.filename || 'process.bpmn'
        if (!BPMN_NAME.test(name)) throw badRequest(`只能上传 .bpmn 或 .bpmn20.xml 文件: ${name}`)
        files.push({ resourceName: name.slice(0, 255), xml: bytes.toString('utf8') })
      } else fields[part.fieldname] = String(part.value ?? '')
    }
  } catch (e) {
    if (e instanceof Error && 'statusCode' in e && (e.statusCode === 413 || e.statusCode === 400))
      throw badRequest('上传的流程文件过多或过大')
    throw e
  }
  if (!files.length) throw badRequest('缺少必要的请求参数: files')
  return { files, fields }
}

export const managerRoutes: Module = (ctx): RouteDef[] => {
  const { db } = ctx
  return [
    {
      method: 'GET',
      url: `${API}/list`,
      access: button('flow_manager'),
      owner: 'tenant',
      sample: { query: { current: '1', size: '10', category: 'flow_1' } },
      handler: async (req) => {
        const p = params(req)
        const { current, size, offset } = pageArgs(p)
        let q = db.selectFrom('bladeFlowDefinition').where('tenantId', '=', caller(req).tenantId)
        if (p.category?.trim()) q = q.where('category', '=', p.category.trim())
        if (p.key?.trim()) q = q.where(contains('process_key', p.key.trim()))
        if (p.name?.trim()) q = q.where(contains('name', p.name.trim()))
        const total = Number(
          (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
        )
        const rows = await q
          .selectAll()
          .orderBy('deploymentTime', 'desc')
          .orderBy('processKey')
          .orderBy('processVersion', 'desc')
          .limit(size)
          .offset(offset)
          .execute()
        const cats = await categoryNames(db)
        return ok(
          pageOf(
            rows.map((r) => toProcess(r, cats)),
            total,
            current,
            size,
          ),
        )
      },
    },
    {
      method: 'POST',
      url: `${API}/change-state`,
      access: button('flow_manager_state'),
      owner: 'tenant',
      sample: { query: { processId: '1', state: ACTIVE_NAME } },
      handler: async (req) => {
        const p = params(req)
        const id = idOf(p, 'processId')
        const state = requireParam(p, 'state')
        if (state !== ACTIVE_NAME && state !== SUSPENDED_NAME)
          throw badRequest(`state 须为 ${ACTIVE_NAME} 或 ${SUSPENDED_NAME}`)
        await guarded(() =>
          ctx.flowEngine.setSuspended(caller(req).tenantId, id, state === SUSPENDED_NAME),
        )
        return done()
      },
    },
    {
      method: 'POST',
      url: `${API}/deploy-upload`,
      access: button('flow_manager_upload'),
      owner: 'tenant',
      sample: { query: { category: 'flow_1' } },
      handler: async (req) => {
        const user = caller(req)
        const { files, fields } = await readFiles(req)
        const p = { ...params(req), ...fields }
        const category = categoryOf(p)
        const tenantIds = await deployTenants(ctx, user, p.tenantIds)
        const rows = await guarded(() => ctx.flowEngine.deploy({ tenantIds, category, files }))
        const cats = await categoryNames(db)
        return ok(rows.map((r) => toProcess(r, cats)))
      },
    },
    {
      method: 'POST',
      url: `${API}/delete-deployment`,
      access: button('flow_manager_delete'),
      owner: 'tenant',
      sample: { query: { deploymentIds: '1' } },
      handler: async (req) => {
        await ctx.flowEngine.deleteDeployments(
          caller(req).tenantId,
          idsOf(params(req), 'deploymentIds'),
        )
        return done()
      },
    },
  ]
}
