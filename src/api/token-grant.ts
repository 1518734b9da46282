// The OAuth token grants (docs/contract.md §15) with their bare bodies, and the session refresh built
// on the refresh grant. They go through the request core (client.ts) directly: http.ts plugs this
// refresh into the core, so the core cannot import it back.
import { t } from '@lingui/core/macro'
import { config } from '@/config'
import { BladeHttpError, request } from './client'
import { notifyError } from './notify'
import { sessionStore, type UserInfo } from './session'

const TOKEN = `${config.apiPrefix}/blade-auth/oauth/token`

/** The token body on failure: {error_code, error_description}. */
export type TokenBody = UserInfo & { error_code?: number | string; error_description?: string }

export async function tokenGrant(
  query: Record<string, unknown>,
  headers: Record<string, string>,
  silent = false,
): Promise<TokenBody> {
  const body = await request<TokenBody>(TOKEN, {
    method: 'POST',
    query: { ...query, scope: 'all' },
    headers,
    raw: true,
    withToken: false,
    silent,
  })
  // An HTTP 200 answer may still carry an OAuth error.
  if (body.error_description) {
    if (!silent) notifyError(body.error_description)
    throw new BladeHttpError(Number(body.error_code) || 400, body.error_description, body)
  }
  return body
}

export const switchHeaders = (deptId?: string, roleId?: string) => ({
  'Dept-Id': config.switchMode ? (deptId ?? '') : '',
  'Role-Id': config.switchMode ? (roleId ?? '') : '',
})

function refreshToken(p: {
  refreshToken: string
  tenantId: string
  deptId?: string
  roleId?: string
}): Promise<TokenBody> {
  return tokenGrant(
    { grant_type: 'refresh_token', refresh_token: p.refreshToken, tenantId: p.tenantId },
    { 'Tenant-Id': p.tenantId, ...switchHeaders(p.deptId, p.roleId) },
    true,
  )
}

/** Refreshes the stored session with its own refresh token (used on 401 and by the timer). */
export async function refreshSession(
  choice: { deptId?: string; roleId?: string } = {},
): Promise<void> {
  const s = sessionStore.getState()
  const body = await refreshToken({
    refreshToken: s.refreshToken,
    tenantId: s.tenantId || config.tenantId,
    deptId: choice.deptId ?? s.userInfo.dept_id,
    roleId: choice.roleId ?? s.userInfo.role_id,
  })
  if (!body.access_token) throw new BladeHttpError(401, t`用户令牌过期，请重新登录`, body)
  sessionStore.refreshed(body)
}
