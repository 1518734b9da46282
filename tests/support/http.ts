// Small HTTP helpers for tests that talk to the real server.
import type { FastifyInstance } from 'fastify'

export const BASIC_SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`

export interface Reply<T = unknown> {
  status: number
  body: T
}

type CallOptions = {
  query?: Record<string, string>
  json?: unknown
  form?: Record<string, string>
  headers?: Record<string, string>
  token?: string
}

/** Puts the query on `url`; the headers and body `call` sends. */
function request(url: URL, opts: CallOptions) {
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
  return { headers, body }
}

function reply<T>(status: number, text: string): Reply<T> {
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // not JSON: keep the text
  }
  return { status, body: parsed as T }
}

export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  opts: CallOptions = {},
): Promise<Reply<T>> {
  const url = new URL(path, baseUrl)
  const { headers, body } = request(url, opts)
  const res = await fetch(url, { method, headers, body })
  return reply(res.status, await res.text())
}

/**
 * `call` through Fastify's inject: the same routes, hooks and parsers without a socket, at half the
 * CPU of a fetch. For suites that send thousands of requests to test what the routes answer, not
 * HTTP itself.
 */
export async function injectCall<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  opts: CallOptions = {},
): Promise<Reply<T>> {
  const url = new URL(path, 'http://127.0.0.1')
  const { headers, body } = request(url, opts)
  const res = await app.inject({
    method,
    url: `${url.pathname}${url.search}`,
    headers,
    payload: body,
  })
  return reply(res.statusCode, res.body)
}
