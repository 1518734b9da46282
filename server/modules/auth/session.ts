// Session endpoints of /blade-auth/oauth: public key (RSA, or Saber's SM2 with type=sm2), captcha,
// logout (GET ends the session, POST uploads the app's local error log), user-info and clear-cache.
import { PUBLIC, USER } from '../../core/access.ts'
import type { DB } from '../../db/schema.ts'
import { now } from '../../core/dates.ts'
import { badRequest, done, ok } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import { caller } from '../../auth/context.ts'
import { params, type AppContext, type RouteDef } from '../../core/routes.ts'
import type { Insertable, Kysely } from 'kysely'
import { createCaptcha } from './captcha.ts'
import { revokeSession } from './refresh.ts'

const MAX_LOG_ENTRIES = 200

const text = (v: unknown, max?: number): string | null => {
  if (v === undefined || v === null || v === '') return null
  const s = typeof v === 'string' ? v : JSON.stringify(v)
  return max ? s.slice(0, max) : s
}

/** Ends the caller's login session: its access and refresh tokens are refused from now on. */
export function logoutHandler(db: Kysely<DB>): RouteDef['handler'] {
  return async (req) => {
    const user = caller(req)
    if (user.sessionId) await revokeSession(db, user.userId, user.sessionId)
    return done()
  }
}

export function sessionRoutes(ctx: AppContext, clearCaches: () => void): RouteDef[] {
  const { db } = ctx
  const publicKey = (type: string | undefined) => {
    // No type is our app's RSA key, as before; sm2 is the hex key of Saber's website.js.
    if (!type || type.toLowerCase() === 'rsa') return ctx.keys.rsaPublicKey
    if (type.toLowerCase() === 'sm2') return ctx.keys.sm2.publicKey
    throw badRequest('不支持的密钥类型，可选 rsa 或 sm2')
  }
  return [
    {
      method: 'GET',
      url: '/blade-auth/oauth/public-key',
      owner: 'none',
      access: PUBLIC,
      handler: async (req) => ok(publicKey(params(req).type)),
    },
    {
      method: 'GET',
      url: '/blade-auth/oauth/captcha',
      owner: 'none',
      answer: 'bare',
      access: PUBLIC,
      handler: () => createCaptcha(db),
    },
    {
      method: 'GET',
      url: '/blade-auth/oauth/logout',
      owner: 'tenant',
      access: USER,
      handler: logoutHandler(db),
    },
    {
      method: 'POST',
      url: '/blade-auth/oauth/logout',
      owner: 'tenant',
      sample: { json: [{ type: 'error', message: 'x', url: '/', time: '2026-01-15 09:30:00' }] },
      access: USER,
      handler: async (req) => {
        const user = caller(req)
        const entries = req.body
        if (
          !Array.isArray(entries) ||
          entries.some((e) => !e || typeof e !== 'object' || Array.isArray(e))
        )
          throw badRequest('请求体必须是错误日志对象的数组')
        if (entries.length > MAX_LOG_ENTRIES)
          throw badRequest(`一次最多上传${MAX_LOG_ENTRIES}条错误日志`)
        const createTime = now()
        const ua = req.headers['user-agent']
        const rows: Insertable<DB['bladeLogError']>[] = (entries as Record<string, unknown>[]).map(
          (e) => ({
            id: nextId(),
            tenantId: user.tenantId,
            serviceId: 'saber',
            remoteIp: req.ip.slice(0, 255),
            userAgent: typeof ua === 'string' ? ua.slice(0, 1000) : null,
            requestUri: text(e.url, 1000),
            method: null,
            params: text(e.info),
            time: text(e.time, 32),
            createBy: user.account,
            createTime,
            stackTrace: text(e.stack),
            exceptionName: text(e.type, 255),
            message: text(e.message),
          }),
        )
        if (rows.length) await db.insertInto('bladeLogError').values(rows).execute()
        return done()
      },
    },
    {
      method: 'GET',
      url: '/blade-auth/oauth/user-info',
      owner: 'tenant',
      access: USER,
      handler: async (req) => {
        const user = caller(req)
        const row = await db
          .selectFrom('bladeUser')
          .select([
            'code',
            'userType',
            'name',
            'realName',
            'avatar',
            'email',
            'phone',
            'birthday',
            'sex',
            'roleId',
            'deptId',
            'postId',
            'status',
          ])
          .where('id', '=', user.userId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        return ok({
          ...user,
          ...row,
          id: user.userId,
          nickName: row?.name ?? user.userName,
          avatar: row?.avatar ?? '',
        })
      },
    },
    {
      method: 'GET',
      url: '/blade-auth/oauth/clear-cache',
      owner: 'none',
      access: USER,
      handler: async () => {
        clearCaches()
        return done()
      },
    },
  ]
}
