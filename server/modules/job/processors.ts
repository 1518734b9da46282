// The built-in processors a job names in processorInfo. `http` calls an endpoint of this server as
// the job's account, through the same token, session and permission checks as any request (a
// session opened for the call and ended after it); `sql` reads a data source; `purge-logs` removes
// the tenant's api, error and usual logs and its finished job instances older than `days`.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { AuthUser } from '../../auth/context.ts'
import { signAccessToken } from '../../auth/jwt.ts'
import { endSession, openSession } from '../../auth/session.ts'
import type { Processor } from '../../engines/scheduler/types.ts'
import { LOG_INFO } from '../../db/schema-scheduler.ts'
import { formatDateTime } from '../../core/dates.ts'
import type { AppContext } from '../../core/routes.ts'
import { runReadOnly } from './sql-processor.ts'

const list = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
const json = (text: string): Record<string, unknown> =>
  text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {}
const CALL_TTL_SECONDS = 300
const JOB_CLIENT = 'job'

async function principal(
  ctx: AppContext,
  tenantId: string,
  account: string,
  sessionId: string,
): Promise<AuthUser> {
  const db = ctx.db
  const user = await db
    .selectFrom('bladeUser')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
  if (!user) throw new Error(`账号不存在: ${account}`)
  const roleIds = list(user.roleId)
  const roles = roleIds.length
    ? await db
        .selectFrom('bladeRole')
        .select(['id', 'roleAlias'])
        .where('id', 'in', roleIds)
        .where('isDeleted', '=', 0)
        .execute()
    : []
  return {
    userId: String(user.id),
    tenantId,
    account,
    userName: String(user.name ?? ''),
    realName: String(user.realName ?? ''),
    roleIds: roles.map((r) => String(r.id)),
    roleAliases: roles.map((r) => String(r.roleAlias ?? '')),
    deptIds: list(user.deptId),
    postId: String(user.postId ?? ''),
    oauthId: '',
    clientId: JOB_CLIENT,
    sessionId,
  }
}

/** `purgeEnded`: the scheduler's own purge of ended instances (purge-logs uses the same one). */
export function builtInProcessors(
  app: FastifyInstance,
  ctx: AppContext,
  purgeEnded: (tenantId: string, before: number) => Promise<number>,
): Record<string, Processor> {
  return {
    http: async ({ params, tenantId, log }) => {
      const p = json(params)
      const sessionId = randomUUID()
      const user = await principal(ctx, tenantId, String(p.account ?? ''), sessionId)
      await openSession(ctx.db, { sessionId, userId: user.userId, tenantId, clientId: JOB_CLIENT })
      try {
        const token = await signAccessToken(user, ctx.keys.jwtSecret, CALL_TTL_SECONDS)
        const method = String(p.method ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET'
        const url = `/api${String(p.url ?? '')}`
        log(LOG_INFO, `${method} ${url} (${user.account})`)
        const r = await app.inject({
          method,
          url,
          headers: { 'blade-auth': `bearer ${token}` },
          ...(method === 'POST' && p.body !== undefined ? { payload: p.body as object } : {}),
        })
        const text = r.body.slice(0, 2000)
        if (r.statusCode >= 400) throw new Error(`HTTP ${r.statusCode}: ${text}`)
        return `HTTP ${r.statusCode}: ${text}`
      } finally {
        await endSession(ctx.db, user.userId, sessionId)
      }
    },
    sql: async ({ params, log }) => {
      const p = json(params)
      const ds = await ctx.db
        .selectFrom('bladeDatasource')
        .selectAll()
        .where('id', '=', String(p.datasourceId ?? ''))
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
      if (!ds) throw new Error('数据源不存在')
      log(LOG_INFO, `数据源 ${String(ds.name)}`)
      return runReadOnly(
        {
          driverClass: String(ds.driverClass ?? ''),
          url: String(ds.url ?? ''),
          username: ds.username as string | null,
          password: ds.password as string | null,
        },
        String(p.query ?? ''),
      )
    },
    'purge-logs': async ({ params, tenantId, log }) => {
      const days = Number(json(params).days ?? 30)
      const cutoff = Date.now() - days * 86_400_000
      const before = formatDateTime(new Date(cutoff))
      let removed = 0
      for (const table of ['bladeLogApi', 'bladeLogError', 'bladeLogUsual'] as const) {
        const r = await ctx.db
          .deleteFrom(table)
          .where('tenantId', '=', tenantId)
          .where('createTime', '<', before)
          .executeTakeFirst()
        removed += Number(r.numDeletedRows)
      }
      const instances = await purgeEnded(tenantId, cutoff)
      log(LOG_INFO, `删除 ${before} 之前的日志 ${removed} 条, 任务实例 ${instances} 个`)
      return `logs ${removed}, instances ${instances}`
    },
  }
}
