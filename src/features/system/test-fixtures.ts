// Test fixtures of the system screens: an msw handler factory that answers the Blade envelope and
// records each call (method, path, query, body), and the session a test signs in with.
import { http as mock, HttpResponse, type JsonBodyType } from 'msw'
import { sessionStore } from '@/api/session'
import { API } from '@/test/msw'

interface Seen {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}
export const seen: Seen[] = []
export const callsTo = (path: string) => seen.filter((c) => c.path === path)
export const lastTo = (path: string) => callsTo(path).at(-1)

export const ok = (data: unknown, msg = '操作成功') =>
  HttpResponse.json({ code: 200, success: true, data, msg } as JsonBodyType)

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('json')) return request.json()
  if (type.includes('multipart') || type.includes('urlencoded'))
    return Object.fromEntries(await request.formData())
  return undefined
}

/** A handler of `/api/blade-system<path>` that records the call and answers `data(query)`. */
export function answer(
  method: 'get' | 'post',
  path: string,
  data: (query: Record<string, string>) => unknown,
  msg?: string,
) {
  return mock[method](`${API}/blade-system${path}`, async ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    seen.push({ method: method.toUpperCase(), path, query, body: await bodyOf(request) })
    return ok(data(query), msg)
  })
}

export const page = (records: unknown[]) => ({
  records,
  total: records.length,
  size: 10,
  current: 1,
  pages: 1,
})

let userNo = 500
export function signIn(codes: string[]) {
  userNo += 1
  sessionStore.login({
    access_token: 't',
    tenant_id: '000000',
    user_id: String(userNo),
    account: 'tester',
  })
  sessionStore.setPermission(Object.fromEntries(codes.map((c) => [c, true])))
  seen.length = 0
}
