// How modules declare endpoints: method, path (without /api; the prefix is stripped in one place),
// the access it needs and a handler. The handler's return value is sent as it is, so most
// handlers return ok(...) / done() envelopes; the BladeX token and captcha answers are bare.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { AccessCache } from '../auth/access-cache.ts'
import type { Access, AuthUser } from '../auth/context.ts'
import type { VerifiedTokens } from '../auth/jwt.ts'
import type { ServerKeys } from '../auth/keys.ts'
import type { ServerConfig } from '../config.ts'
import type { TableSizes } from '../crud/list-cost.ts'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'
import type { FlowEngine } from '../engines/bpmn/engine.ts'
import { badRequest, unauthorized } from './envelope.ts'

/** What a server process opens before it builds an app on it (main.ts; the tests and benches alike). */
export interface AppBase {
  db: Kysely<DB>
  dialect: Dialect
  config: ServerConfig
  keys: ServerKeys
  /**
   * The database's cache of per-request lookups (Database.cache): made with the database, whose
   * writes empty it, so every app built on one database shares it.
   */
  accessCache: AccessCache
}

/** What modules are given: the process's base and the services made once per app (appContext in app.ts). */
export interface AppContext extends AppBase {
  flowEngine: FlowEngine
  /** Table size estimates that choose a list's lane (crud/list-cost.ts). */
  tableSizes: TableSizes
  /** Access tokens verified before (auth/jwt.ts). */
  verifiedTokens: VerifiedTokens
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null
  }
  interface FastifyInstance {
    /** `METHOD url` of every route registered (the inventory test compares it with the inventory). */
    registeredRoutes: string[]
  }
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
  /** Whose rows it serves; derived from the declared entity whose API the URL is under when absent (inventory.ts). */
  owner?: RouteOwner
  /** A valid request; derived for generic verbs and plain reads when absent (inventory.ts). */
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

export function registerRoutes(app: FastifyInstance, routes: RouteDef[]): void {
  for (const r of routes) {
    app.route({
      method: r.method,
      url: r.url,
      config: { access: r.access, download: r.download },
      handler: r.handler,
    })
  }
}

/** The caller of a route whose access is not public; the hook guarantees it is there. */
export function caller(req: FastifyRequest): AuthUser {
  if (!req.auth) throw unauthorized()
  return req.auth
}

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
