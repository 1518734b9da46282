// Object storage and SMS configurations (/blade-resource/oss, /sms): generic CRUD from the
// declarations plus `enable` (one enabled configuration per tenant) and SMS sending through the
// provider interface. Attachments are generic CRUD; uploads create their rows.
import type { FastifyRequest } from 'fastify'
import { oss } from '../../../src/domain/resource/oss.ts'
import { sms } from '../../../src/domain/resource/sms.ts'
import type { EntityDef } from '../../../src/domain/entity.ts'
import { button } from '../../core/access.ts'
import { logSmsProvider, type SmsProvider } from '../../auth/sms.ts'
import { checkAndRaiseVersions, versionParam } from '../../crud/action-versions.ts'
import { dynamic } from '../../crud/table.ts'
import { now } from '../../core/dates.ts'
import { badRequest, done, notFound, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { caller } from '../../auth/context.ts'
import {
  params,
  requireParam,
  type AppContext,
  type Module,
  type RouteDef,
} from '../../core/routes.ts'
import { usualLog } from '../../log/writer.ts'

const SMS_CATEGORY_LOG = 1
const PHONE = /^\+?\d{6,15}$/

function enableRoute(ctx: AppContext, def: EntityDef): RouteDef {
  return {
    method: 'POST',
    url: `${def.api}/enable`,
    sample: { query: { id: '1', version: '1' } },
    access: button(`${def.permission}_enable`),
    handler: async (req) => {
      const p = params(req)
      const id = requireParam(p, 'id')
      if (!isId(id)) throw badRequest('请求参数格式错误: id')
      const read = versionParam(id, p.version)
      const user = caller(req)
      await ctx.db.transaction().execute(async (t) => {
        const trx = dynamic(t)
        const row = await trx
          .selectFrom(def.table)
          .select('id')
          .where('id', '=', id)
          .where('tenant_id', '=', user.tenantId)
          .where('is_deleted', '=', 0)
          .executeTakeFirst()
        if (!row) throw notFound('配置不存在或已被删除')
        await checkAndRaiseVersions(trx, { def, ids: [id], read, lock: ctx.dialect === 'postgres' })
        // Exactly one configuration of the tenant is enabled (status 2); the others are off (1).
        // The one switched off changes too: its version is raised so that an edit opened before is stale.
        await trx
          .updateTable(def.table)
          .set((eb) => ({ status: 1, version: eb('version', '+', 1) }))
          .where('tenant_id', '=', user.tenantId)
          .where('id', '<>', id)
          .where('status', '<>', 1)
          .execute()
        await trx
          .updateTable(def.table)
          .set({ status: 2, update_user: user.userId, update_time: now() })
          .where('id', '=', id)
          .execute()
      })
      return done()
    },
  }
}

/** The provider for an SMS configuration's category; only the log provider ships with the product. */
function smsProviderFor(category: number): SmsProvider | null {
  return category === SMS_CATEGORY_LOG ? logSmsProvider : null
}

export const resourceModule: Module = (ctx) => [
  enableRoute(ctx, oss),
  enableRoute(ctx, sms),
  {
    method: 'POST',
    url: '/blade-resource/sms/endpoint/send-message',
    sample: { query: { code: 'sms', phones: '0912345678', params: '{}' } },
    access: button('sms_send'),
    handler: async (req: FastifyRequest) => {
      const p = params(req)
      const code = requireParam(p, 'code')
      const phones = requireParam(p, 'phones')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
      if (phones.length === 0 || !phones.every((x) => PHONE.test(x)))
        throw badRequest('手机号格式不正确')
      let values: Record<string, string> = {}
      if (p.params) {
        try {
          const parsed: unknown = JSON.parse(p.params)
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
            throw new Error('not an object')
          values = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]))
        } catch {
          throw badRequest('params 必须是 JSON 对象')
        }
      }
      const user = caller(req)
      const config = await ctx.db
        .selectFrom('bladeSms')
        .selectAll()
        .where('smsCode', '=', code)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
      if (!config) throw badRequest('短信配置不存在')
      const provider = smsProviderFor(Number(config.category))
      if (!provider) throw badRequest('该短信服务商尚未接入，请使用“日志输出”分类')
      for (const phone of phones)
        await provider.send(phone, String(config.templateId ?? ''), values)
      await usualLog(ctx.db, {
        tenantId: user.tenantId,
        level: 'info',
        logId: 'sms-send',
        data: `${code} → ${phones.join(',')}`,
        createBy: user.account,
      })
      return ok({ sent: phones.length }, '发送成功')
    },
  },
]
