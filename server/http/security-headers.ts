// Security headers on every answer (API envelopes, errors, 404s, the built app, the worker): a CSP
// the built app passes (no inline scripts; Mantine injects <style> tags, hence 'unsafe-inline' for
// styles only), no MIME sniffing, no framing by other sites, a same-origin opener.
import type { FastifyInstance } from 'fastify'
import type { ServerConfig } from '../config.ts'

export function contentSecurityPolicy(config: Pick<ServerConfig, 'apiOrigin' | 'frameSrc'>): string {
  const api = config.apiOrigin ? ` ${config.apiOrigin}` : ''
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // data: for the captcha image and an SVG in Mantine's CSS; blob: for images made in the page.
    `img-src 'self' data: blob:${api}`,
    `connect-src 'self'${api}`,
    "worker-src 'self'",
    // Admins point menu entries at other sites (report designers) that the embedded-page screen frames.
    `frame-src ${config.frameSrc}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

export function securityHeaders(config: Pick<ServerConfig, 'apiOrigin' | 'frameSrc'>): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}

/** onSend runs for handler answers, error envelopes, 404s and static files alike. */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 'apiOrigin' | 'frameSrc'>): void {
  const headers = securityHeaders(config)
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(headers)
    return payload
  })
}
