// How modules declare endpoints: method, path (without /api; the prefix is stripped in one place),
// the access it needs and a handler. The handler's return value is sent as it is, so most
// handlers return ok(...) / done() envelopes; the BladeX token and captcha answers are bare.
// http/register-routes.ts hands them to Fastify.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Access } from './access.ts'
import type { ServerConfig } from './config.ts'
import { badRequest } from './envelope.ts'

// The context's parts belong to the layers below the modules, and each adds its own to these two
// interfaces by declaration merging, as Fastify's types are extended: the database and its dialect
// (db/database.ts), the keys and the access cache (auth/keys.ts, auth/access-cache.ts), the verified
// tokens (auth/jwt.ts), the table sizes (crud/list-cost.ts) and the flow engine
// (engines/bpmn/engine.ts). So the kernel imports nothing of the server, and the owners import it.

/** What a server process opens before it builds an app on it (main.ts; the tests and benches alike). */
export interface AppBase {
  config: ServerConfig
}

/** What modules are given: the process's base and the services made once per app (appContext in app.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the layers' own, merged in
export interface AppContext extends AppBase {}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    download?: boolean
  }
}

/** Whose rows a route reads or writes: the caller's tenant's, the platform's (every tenant shares them), or none. */
export type RouteOwner = 'tenant' | 'platform' | 'none'

/** A request the route accepts: its query parameters and/or its JSON body. */
export interface RouteSample {
  query?: Record<string, string>
  json?: unknown
}

export interface RouteDef {
  method: 'GET' | 'POST'
  url: string
  access: Access
  /** A file the browser may open by URL: it also accepts a single-use download ticket (auth/download-ticket.ts). */
  download?: boolean
  /** Whose rows it serves; derived from the declared entity whose API the URL is under when absent (http/inventory.ts). */
  owner?: RouteOwner
  /** A valid request; derived for generic verbs and plain reads when absent (http/inventory.ts). */
  sample?: RouteSample
  /** Needs an OAuth client's `Authorization: Basic base64(id:secret)` (the token endpoint; docs/contract.md §4). */
  client?: boolean
  /**
   * What it answers instead of the R envelope: a JSON of its own shape (the BladeX token and captcha)
   * or a file of this content type (downloads are xlsx unless they say). For the API description.
   */
  answer?: 'bare' | { file: string }
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>
}

export type Module = (ctx: AppContext) => RouteDef[]

/**
 * Blade reads plain parameters from the query string or a form body (docs/contract.md §4): one merged,
 * string-valued view of both. JSON bodies are read with body<T>().
 */
export function params(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {}
  const merge = (src: unknown) => {
    if (!src || typeof src !== 'object' || Array.isArray(src)) return
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      if (v === undefined || v === null) continue
      out[k] = Array.isArray(v)
        ? v.map(String).join(',')
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v)
    }
  }
  if (
    req.headers['content-type']?.includes('application/x-www-form-urlencoded') ||
    req.headers['content-type']?.includes('multipart/form-data')
  )
    merge(req.body)
  merge(req.query)
  return out
}

export function requireParam(p: Record<string, string>, name: string): string {
  const v = p[name]
  if (v === undefined || v === '') throw badRequest(`缺少必要的请求参数: ${name}`)
  return v
}

/** A JSON object body, or 400. */
export function body<T extends object = Record<string, unknown>>(req: FastifyRequest): T {
  const b = req.body
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw badRequest('请求体必须是 JSON 对象')
  return b as T
}
