// An external job server is a PowerJob server: its sync asks the server's OpenAPI whether the app
// name and password are valid (POST {url}/openApi/assert, form fields appName and password, answered
// with PowerJob's ResultDTO {success, data: appId, message}). Jobs keep running on the embedded
// scheduler: the built-in processors exist only here.

/** How long a job server may take to answer before it counts as unreachable. */
const ASSERT_TIMEOUT_MS = 5000
const MSG_TIMEOUT = '任务服务未在 5 秒内响应'
const MSG_UNREACHABLE = '无法连接任务服务'
const MSG_NOT_POWERJOB = '任务服务的应答不是 PowerJob 的格式'
const MSG_REFUSED = '任务服务拒绝了应用验证'
const MSG_BAD_APP = '应用名称或密码错误'

export type AssertResult = { ok: true; appId: string } | { ok: false; message: string }

/** Only http(s) servers are called; anything else is refused before a request is made. */
export function powerJobBase(url: string): URL | null {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null
  } catch {
    return null
  }
}

export async function assertPowerJobApp(
  base: URL,
  appName: string,
  password: string,
): Promise<AssertResult> {
  const target = new URL(`${base.pathname.replace(/\/+$/, '')}/openApi/assert`, base)
  let res: Response
  try {
    res = await fetch(target, {
      method: 'POST',
      body: new URLSearchParams({ appName, password }),
      signal: AbortSignal.timeout(ASSERT_TIMEOUT_MS),
      redirect: 'manual',
    })
  } catch (e) {
    const timedOut = e instanceof Error && e.name === 'TimeoutError'
    return { ok: false, message: timedOut ? MSG_TIMEOUT : `${MSG_UNREACHABLE}: ${base.origin}` }
  }
  const body = (await res.json().catch(() => null)) as {
    success?: unknown
    data?: unknown
    message?: unknown
  } | null
  if (!res.ok || !body || typeof body !== 'object')
    return { ok: false, message: `${MSG_NOT_POWERJOB}: HTTP ${res.status}` }
  if (body.success !== true)
    return {
      ok: false,
      message: `${MSG_REFUSED}: ${typeof body.message === 'string' && body.message ? body.message : MSG_BAD_APP}`,
    }
  return { ok: true, appId: String(body.data ?? '') }
}
