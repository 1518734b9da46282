// The modules' routes (core/routes.ts) handed to Fastify, with the access each needs in its config
// for the auth hook (app.ts).
import type { FastifyInstance } from 'fastify'
import type { RouteDef } from '../core/routes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD url` of every route registered (the inventory test compares it with the inventory). */
    registeredRoutes: string[]
  }
}

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
