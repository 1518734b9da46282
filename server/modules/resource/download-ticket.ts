// POST /blade-resource/download-ticket?path=<download route>: a single-use ticket for one of the
// routes declared `download`, for a caller who holds that route's own permission now.
import { authorise } from '../../auth/guard.ts'
import { USER, type Access } from '../../core/access.ts'
import { issueTicket } from '../../auth/download-ticket.ts'
import { badRequest, ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, requireParam, type AppContext, type RouteDef } from '../../core/routes.ts'

export function downloadTicketRoute(ctx: AppContext, routes: RouteDef[]): RouteDef {
  const downloads = new Map<string, Access>(
    routes.filter((r) => r.download && r.method === 'GET').map((r) => [r.url, r.access]),
  )
  return {
    method: 'POST',
    url: '/blade-resource/download-ticket',
    owner: 'tenant',
    sample: { query: { path: '/blade-desk/notice/export' } },
    access: USER,
    handler: async (req) => {
      // The app names the route as it calls it, with the /api prefix.
      const path = requireParam(params(req), 'path').replace(/^\/api(?=\/)/, '')
      const access = downloads.get(path)
      if (!access) throw badRequest('该地址不支持下载链接')
      const user = caller(req)
      await authorise(ctx, access, user, path)
      return ok(await issueTicket(ctx.db, user, path))
    },
  }
}
