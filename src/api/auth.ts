// The auth flows (docs/product.md §4, §7; docs/contract.md §15): login by token grant
// (token-grant.ts), captcha, logout, guest registration, tenant discovery and the dept/role switch.
import { t } from '@lingui/core/macro'
import { config } from '@/config'
import { BladeHttpError, request } from './http'
import { notifyError } from './notify'
import { encrypt } from './rsa'
import { sessionStore } from './session'
import { refreshSession, switchHeaders, tokenGrant, type TokenBody } from './token-grant'

const AUTH = `${config.apiPrefix}/blade-auth/oauth`
const SYSTEM = `${config.apiPrefix}/blade-system`

export interface Captcha {
  key: string
  image: string
}

export interface LoginForm {
  tenantId: string
  username: string
  password: string
  captchaKey?: string
  captchaCode?: string
  deptId?: string
  roleId?: string
}

/** The captcha as a bare {key, image} (some servers wrap it: read data too). */
export async function getCaptcha(): Promise<Captcha> {
  const body = await request<Captcha & { data?: Captcha }>(`${AUTH}/captcha`, {
    raw: true,
    withToken: false,
  })
  return body.data?.key ? body.data : { key: body.key, image: body.image }
}

/** Captcha grant in captcha mode, password grant otherwise; on success the session is stored. */
export async function loginByUsername(form: LoginForm): Promise<TokenBody> {
  const body = await tokenGrant(
    {
      grant_type: config.captchaMode ? 'captcha' : 'password',
      tenantId: form.tenantId,
      username: form.username,
      password: await encrypt(form.password),
      type: 'account',
    },
    {
      'Tenant-Id': form.tenantId,
      'Captcha-Key': form.captchaKey ?? '',
      'Captcha-Code': form.captchaCode ?? '',
      ...switchHeaders(form.deptId, form.roleId),
    },
  )
  sessionStore.login(body)
  return body
}

let reload: () => void = () => window.location.reload()

/** Tests replace the page reload of the dept/role switch. */
export function setReload(fn: () => void): void {
  reload = fn
}

/** Switch dept/role: a refresh grant with Dept-Id/Role-Id, then a reload (docs/product.md §4). */
export async function switchDeptRole(choice: { deptId: string; roleId: string }): Promise<void> {
  await refreshSession(choice)
  reload()
}

/** Server logout, then local logout whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await request<unknown>(`${AUTH}/logout`, { raw: true, silent: true })
  } catch {
    // The local session ends anyway.
  } finally {
    sessionStore.logout()
  }
}

export const uploadErrorLogs = (list: unknown[]) =>
  request<unknown>(`${AUTH}/logout`, { method: 'POST', body: list })

export const clearCache = () => request<unknown>(`${AUTH}/clear-cache`)

/** The tenant bound to this site's domain, or null. */
export async function getTenantInfo(
  domain: string,
): Promise<{ tenantId?: string; [k: string]: unknown } | null> {
  try {
    const data = await request<{ tenantId?: string } | null>(`${SYSTEM}/tenant/info`, {
      query: { domain },
      silent: true,
      withToken: false,
    })
    return data ?? null
  } catch {
    return null
  }
}

export interface GuestForm {
  tenantId: string
  name: string
  account: string
  password: string
  oauthId: string
}

/** Third-party user registration; a failure shows the server's message or 'submit failed'. */
export async function registerGuest(form: GuestForm): Promise<void> {
  try {
    await request<unknown>(`${SYSTEM}/user/register-guest`, {
      method: 'POST',
      query: { ...form, password: await encrypt(form.password) },
      silent: true,
    })
  } catch (err) {
    const msg =
      err instanceof BladeHttpError && err.code !== 0
        ? (err.data as { msg?: string } | undefined)?.msg
        : undefined
    notifyError(msg || t`提交失败`)
    throw err
  }
}
