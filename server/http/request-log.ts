// The process log's line per request: method, URL (secret-looking query values masked), status,
// time, user and tenant, and for a refused request (4xx) the envelope's message, so an operator
// sees why without opening the api log tables. Fastify's own two lines per request are off
// (disableRequestLogging), so each request logs once.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { maskParams } from '../log/writer.ts'

/** The envelope message of a 4xx answer, or undefined when the body is none. */
function reasonOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined
  try {
    const msg = (JSON.parse(payload) as { msg?: unknown }).msg
    return typeof msg === 'string' ? msg : undefined
  } catch {
    return undefined
  }
}

function urlOf(req: FastifyRequest): string {
  const url = req.originalUrl ?? req.url
  const cut = url.indexOf('?')
  if (cut < 0) return url
  const query = maskParams(req)
  return query ? `${url.slice(0, cut)}?${query}` : url.slice(0, cut)
}

export function registerRequestLog(app: FastifyInstance): void {
  const reasons = new WeakMap<FastifyRequest, string>()
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 && reply.statusCode < 500) {
      const reason = reasonOf(payload)
      if (reason) reasons.set(req, reason)
    }
    return payload
  })
  app.addHook('onResponse', async (req, reply) => {
    const line = {
      method: req.method,
      url: urlOf(req),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      user: req.auth?.account ?? null,
      tenant: req.auth?.tenantId ?? null,
      ...(reasons.has(req) ? { reason: reasons.get(req) } : {}),
    }
    if (reply.statusCode >= 500) req.log.error(line, 'request')
    else if (reply.statusCode >= 400) req.log.warn(line, 'request')
    else req.log.info(line, 'request')
  })
}
