// The Fastify instance: /api prefix stripping, body parsers, the auth hook, the envelope error
// handler, every module's routes, and the built app with an index.html fallback.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyMultipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify'
import { PUBLIC } from './core/access.ts'
import { redeemTicket } from './auth/download-ticket.ts'
import { authenticate, authorise } from './auth/guard.ts'
import { VerifiedTokens } from './auth/jwt.ts'
import { assertSessionAlive } from './auth/session.ts'
import { apiDocsRoutes } from './http/api-docs.ts'
import { BladeError, fail, unknownPath } from './core/envelope.ts'
import { registerRoutes } from './http/register-routes.ts'
import type { AppBase, AppContext, Module, RouteDef } from './core/routes.ts'
import { registerInputGuard } from './http/input-guard.ts'
import { registerRequestLog } from './http/request-log.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { LogBatch } from './log/batch.ts'
import { writeRequestLogs } from './log/writer.ts'
import { flowEngineFor } from './modules/flow/shared.ts'
import { modules } from './modules/index.ts'
import { attachJobScheduler } from './modules/job/scheduler.ts'
import { downloadTicketRoute } from './modules/resource/download-ticket.ts'

/** Paths that belong to the API (after /api is stripped); everything else is the app. */
const API_PREFIXES = [
  '/blade-',
  '/product',
  '/dmr',
  '/giftdetail',
  '/reconciliation',
  '/kolFile',
  '/cooperateinfo',
  '/kolFollowUp',
  '/tkOrder',
  '/stockTaking',
  '/stockDetail',
  '/health',
]

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || API_PREFIXES.some((p) => url.startsWith(p))
}

/**
 * A browser opening a screen whose menu path shares its root with an API (/reconciliation/statement,
 * /product/product) by its address, before the service worker serves navigations: the app, not a
 * JSON 404. /api/ and /blade- paths are never screens.
 */
function isAppNavigation(req: FastifyRequest): boolean {
  const url = req.originalUrl ?? req.url
  if (url.startsWith('/api/') || url.startsWith('/blade-')) return false
  return (
    req.headers['sec-fetch-mode'] === 'navigate' ||
    /\btext\/html\b/.test(String(req.headers.accept ?? ''))
  )
}

/**
 * The context an app's modules are given: the base the process opened and the services made here,
 * once per app. The access cache comes with the base: it belongs to the database, whose writes it
 * hears, and is shared by every app built on it.
 */
export function appContext(base: AppBase): AppContext {
  return {
    ...base,
    flowEngine: flowEngineFor(base.db, base.dialect),
    tableSizes: new Map(),
    verifiedTokens: new VerifiedTokens(),
  }
}

/** Every route the server registers (the route inventory lists the same). */
export function appRoutes(ctx: AppContext, extraModules: Module[] = []): RouteDef[] {
  const routes = [...modules, ...extraModules].flatMap((m) => m(ctx))
  const all = [...routes, downloadTicketRoute(ctx, routes)]
  // The API description covers every route, its own included: read from `all` when first asked.
  all.push(...apiDocsRoutes(ctx, () => all))
  return all
}

export async function buildApp(
  base: AppBase,
  extraModules: Module[] = [],
): Promise<FastifyInstance> {
  const ctx = appContext(base)
  const app = Fastify({
    logger: ctx.config.logRequests ? { level: 'info' } : false,
    // One line per request is ours (http/request-log.ts), with the user, tenant and refusal reason.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 20 * 1024 * 1024,
    // Serve every API path with and without the /api prefix (docs/contract.md §1).
    rewriteUrl: (req) => {
      const url = req.url ?? '/'
      return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
        ? url.slice(4) || '/'
        : url
    },
  })

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(text))))
    },
  )
  registerInputGuard(app)
  await app.register(fastifyMultipart, {
    attachFieldsToBody: false,
    limits: { fileSize: 20 * 1024 * 1024 },
  })
  registerSecurityHeaders(app, ctx.config)
  if (ctx.config.logRequests) registerRequestLog(app)

  app.decorateRequest('auth', null)
  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config.access ?? PUBLIC
    // Changes committed on another process before this request came are applied before it looks anything up.
    if (access.kind !== 'public' || req.headers['blade-auth']) await ctx.accessCache.catchUp()
    if (access.kind === 'public') {
      req.auth = await authenticate(req, ctx, ctx.keys.jwtSecret).catch(() => null)
      return
    }
    // A download opened by URL may carry a single-use ticket instead of the header; its session must still be open.
    const ticketUser = req.routeOptions.config.download ? await redeemTicket(ctx.db, req) : null
    if (ticketUser) await assertSessionAlive(ctx, ticketUser)
    req.auth = ticketUser ?? (await authenticate(req, ctx, ctx.keys.jwtSecret))
    await authorise(ctx, access, req.auth, req.url.split('?')[0])
  })

  // Remember the failure so the error log row can carry its message and stack.
  const failures = new WeakMap<object, { message: string; stack?: string; name?: string }>()
  const logRows = new LogBatch(ctx.db)
  app.addHook('onResponse', async (req, reply) => {
    if (!isApiPath(req.originalUrl ?? req.url) || req.routeOptions.url === '/health') return
    await writeRequestLogs(logRows, req, reply, failures.get(req)).catch((e: unknown) =>
      req.log?.error(e),
    )
  })

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof Error)
      failures.set(req, { message: err.message, stack: err.stack, name: err.name })
    if (err instanceof BladeError)
      return reply.status(err.httpStatus).send(fail(err.code, err.message, err.data))
    const status = (err as { statusCode?: number }).statusCode
    const message = err instanceof Error ? err.message : String(err)
    if (status && status >= 400 && status < 500)
      return reply.status(status).send(fail(status, message))
    req.log?.error(err)
    return reply.status(500).send(fail(500, '服务器异常'))
  })

  // What Fastify really serves, so the inventory test can hold it against the inventory.
  const registered: string[] = []
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') registered.push(`${m} ${r.url}`)
  })
  app.decorate('registeredRoutes', registered)
  registerRoutes(app, appRoutes(ctx, extraModules))
  attachJobScheduler(app, ctx)

  const staticDir = ctx.config.staticDir ? resolve(ctx.config.staticDir) : null
  const hasApp = !!staticDir && existsSync(join(staticDir, 'index.html'))
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // .br / .gz copies made at build time (scripts/compress-dist.ts), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, path) => {
        const file = path.replace(/\.(br|gz)$/, '')
        if (file.endsWith('sw.js') || file.endsWith('index.html') || file.endsWith('.webmanifest'))
          res.header('Cache-Control', 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((req, reply) => {
    if (
      !hasApp ||
      req.method !== 'GET' ||
      ((isApiPath(req.originalUrl) || isApiPath(req.url)) && !isAppNavigation(req))
    )
      return reply.status(404).send(unknownPath())
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
  })
  return app
}
