// Shared by the system administration tests: a server with a relaxed token rate limit, the
// administrator's token over the real password grant, and small call helpers.
import type { Dialect } from '../../server/db/database.ts'
import { call, type Reply } from './http.ts'
import { loginAs } from './login.ts'
import { startTestServer, type TestServer } from './test-server.ts'

export interface AdminHarness {
  s: TestServer
  admin: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
  get: (path: string, query?: Record<string, string>, token?: string) => Promise<Reply<any>>
  post: (
    path: string,
    opts?: { query?: Record<string, string>; json?: unknown; token?: string },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  ) => Promise<Reply<any>>
  menuId: (code: string) => Promise<string>
  /** A new tenant (made by the administrator) and the token of its own admin (alias admin). */
  newTenant: (name: string) => Promise<{ id: string; tenantId: string; token: string }>
}

export async function startAdminHarness(dialect: Dialect): Promise<AdminHarness> {
  const s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
  const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  const h: AdminHarness = {
    s,
    admin,
    get: (path, query = {}, token = admin) =>
      call(s.baseUrl, 'GET', `/api${path}`, { token, query }),
    post: (path, opts = {}) => call(s.baseUrl, 'POST', `/api${path}`, { token: admin, ...opts }),
    menuId: async (code) =>
      (
        await s.db
          .selectFrom('bladeMenu')
          .select('id')
          .where('code', '=', code)
          .where('isDeleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).id,
    newTenant: async (name) => {
      const r = await h.post('/blade-system/tenant/submit', {
        json: { tenantName: name, linkman: 'x' },
      })
      if (r.status !== 200) throw new Error(`tenant: ${JSON.stringify(r.body)}`)
      const token = (await loginAs(s.baseUrl, 'admin', '123456', r.body.data.tenantId)).access_token
      return { id: r.body.data.id, tenantId: r.body.data.tenantId, token }
    },
  }
  return h
}
