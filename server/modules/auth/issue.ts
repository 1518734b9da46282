// Issues the BladeX token pair for a user who has proved who they are: applies the Dept-Id /
// Role-Id selection, signs the access and refresh JWTs, records the refresh token's jti under the
// login's session id, and builds the flat snake_case body (docs/contract.md §15).
import { randomUUID } from 'node:crypto'
import type { AuthUser } from '../../auth/context.ts'
import { signAccessToken, signRefreshToken } from '../../auth/jwt.ts'
import { openSession } from '../../auth/session.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'
import type { UserRow } from './accounts.ts'
import type { ClientRow } from './client.ts'

export interface TokenBody {
  access_token: string
  token_type: 'bearer'
  refresh_token: string
  expires_in: number
  tenant_id: string
  user_id: string
  dept_id: string
  post_id: string
  role_id: string
  oauth_id: string
  account: string
  user_name: string
  nick_name: string
  real_name: string
  role_name: string
  avatar: string
  client_id: string
  detail: { type: string }
  license: 'powered by bladex'
}

/** A requested role/dept (one id) or, on refresh, the previous selection. */
export interface Selection {
  roleId?: string
  deptId?: string
  previousRoleIds?: string[]
  previousDeptIds?: string[]
}

const list = (v: string | null | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

function choose(
  own: string[],
  requested: string | undefined,
  previous: string[] | undefined,
  what: string,
): string[] {
  if (requested) {
    if (!own.includes(requested)) throw badRequest(`所选${what}不属于当前用户`)
    return [requested]
  }
  const kept = (previous ?? []).filter((id) => own.includes(id))
  return kept.length ? kept : own
}

export async function issueTokens(
  ctx: AppContext,
  opts: {
    user: UserRow
    client: ClientRow
    selection: Selection
    sessionId?: string
    oauthId?: string
  },
): Promise<TokenBody> {
  const { user, client, selection } = opts
  const wanted = choose(list(user.roleId), selection.roleId, selection.previousRoleIds, '角色')
  const roles = wanted.length
    ? await ctx.db
        .selectFrom('bladeRole')
        .select(['id', 'roleAlias'])
        .where('id', 'in', wanted)
        .where('isDeleted', '=', 0)
        .execute()
    : []
  const roleIds = wanted.filter((id) => roles.some((r) => r.id === id))
  const roleAliases = roleIds.map((id) => roles.find((r) => r.id === id)?.roleAlias ?? '')
  const deptIds = choose(list(user.deptId), selection.deptId, selection.previousDeptIds, '部门')
  const sessionId = opts.sessionId ?? randomUUID()
  if (!opts.sessionId)
    await openSession(ctx.db, {
      sessionId,
      userId: user.id,
      tenantId: user.tenantId,
      clientId: client.clientId,
    })

  const refresh = await signRefreshToken(
    {
      userId: user.id,
      clientId: client.clientId,
      tenantId: user.tenantId,
      deptId: deptIds.join(','),
      roleId: roleIds.join(','),
      sessionId,
    },
    ctx.keys.jwtSecret,
    client.refreshTokenValidity,
  )
  const at = Date.now()
  await ctx.db
    .insertInto('bladeRefreshToken')
    .values({
      jti: refresh.jti,
      userId: user.id,
      clientId: client.clientId,
      expiresAt: at + client.refreshTokenValidity * 1000,
      createTime: now(),
      sessionId,
    })
    .execute()
  await ctx.db.deleteFrom('bladeRefreshToken').where('expiresAt', '<', at).execute()

  const principal: AuthUser = {
    userId: user.id,
    tenantId: user.tenantId,
    account: user.account,
    userName: user.name ?? '',
    realName: user.realName ?? '',
    roleIds,
    roleAliases,
    deptIds,
    postId: user.postId,
    oauthId: opts.oauthId ?? '',
    clientId: client.clientId,
    sessionId,
  }
  return {
    access_token: await signAccessToken(principal, ctx.keys.jwtSecret, client.accessTokenValidity),
    token_type: 'bearer',
    refresh_token: refresh.token,
    expires_in: client.accessTokenValidity,
    tenant_id: user.tenantId,
    user_id: user.id,
    dept_id: deptIds.join(','),
    post_id: user.postId,
    role_id: roleIds.join(','),
    oauth_id: principal.oauthId,
    account: user.account,
    user_name: user.account,
    nick_name: principal.userName,
    real_name: principal.realName,
    role_name: roleAliases.join(','),
    avatar: user.avatar ?? '',
    client_id: client.clientId,
    detail: { type: 'web' },
    license: 'powered by bladex',
  }
}
