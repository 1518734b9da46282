// Small HTTP helpers for tests that talk to the real server.
export const BASIC_SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`

export interface Reply<T = unknown> {
  status: number
  body: T
}

export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  opts: {
    query?: Record<string, string>
    json?: unknown
    form?: Record<string, string>
    headers?: Record<string, string>
    token?: string
  } = {},
): Promise<Reply<T>> {
  const url = new URL(path, baseUrl)
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v)
  const headers: Record<string, string> = { ...(opts.headers ?? {}) }
  if (opts.token) headers['Blade-Auth'] = `bearer ${opts.token}`
  let body: string | undefined
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(opts.json)
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(opts.form).toString()
  }
  const res = await fetch(url, { method, headers, body })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T }
}
