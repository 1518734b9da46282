// Tokens only in the Blade-Auth header, and single-use download tickets for links the browser opens
// by URL, over real HTTP on both databases: issue (logged in, with the download's own permission),
// consume once, expiry, and a ticket bound to its path.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { readSheetText } from '../../crud/import/read-sheet.ts'

const POST_EXPORT = '/api/blade-system/post/export'

forEachDatabase('tokens in the query string', (dialect) => {
  let s: TestServer
  let admin: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())

  it('no longer authenticate: a valid token in ?blade-auth= is a 401 that says why', async () => {
    const viaHeader = await call(s.baseUrl, 'GET', '/api/blade-system/post/list', { token: admin })
    expect(viaHeader.status).toBe(200)
    expect(viaHeader.body.data.total).toBeGreaterThan(0)
    const viaQuery = await call(s.baseUrl, 'GET', '/api/blade-system/post/list', {
      query: { 'blade-auth': `bearer ${admin}` },
    })
    expect(viaQuery.status).toBe(401)
    expect(viaQuery.body).toMatchObject({ code: 401, success: false, data: {} })
    expect(viaQuery.body.msg).toContain('Blade-Auth')
    // Even next to a valid header: the URL still carries the token, so the client must be fixed.
    const both = await call(s.baseUrl, 'GET', '/api/blade-system/post/list', {
      token: admin,
      query: { 'blade-auth': `bearer ${admin}` },
    })
    expect(both.status).toBe(401)
  })

  it('are ignored by public routes, which answer as to anyone', async () => {
    const r = await call(s.baseUrl, 'GET', '/api/health', {
      query: { 'blade-auth': `bearer ${admin}` },
    })
    expect(r.status).toBe(200)
  })
})

forEachDatabase('download tickets', (dialect) => {
  let s: TestServer
  let admin: string
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  const issue = (path: string, token?: string) =>
    call<{ code: number; msg: string; data: { ticket: string; expiresIn: number } }>(
      s.baseUrl,
      'POST',
      '/api/blade-resource/download-ticket',
      { token, query: { path } },
    )
  const open = (path: string, query: Record<string, string>) =>
    fetch(`${s.baseUrl}${path}?${new URLSearchParams(query)}`)

  it('opens an export once by URL, with the filters of the URL, as the user it was issued to', async () => {
    const issued = await issue(POST_EXPORT, admin)
    expect(issued.status).toBe(200)
    expect(issued.body.data.expiresIn).toBe(60)
    const { ticket } = issued.body.data
    expect(ticket).toMatch(/^[\w-]{40,}$/)
    // Only its hash is stored.
    const stored = await s.db.selectFrom('bladeDownloadTicket').selectAll().execute()
    expect(stored.map((r) => r.ticketHash)).toEqual([
      createHash('sha256').update(ticket).digest('hex'),
    ])
    expect(stored[0]!.path).toBe('/blade-system/post/export')

    const first = await open(POST_EXPORT, { ticket, postCode: 'accountant' })
    expect(first.status).toBe(200)
    expect(first.headers.get('content-disposition')).toContain('attachment')
    const sheet = await readSheetText(new Uint8Array(await first.arrayBuffer()))
    expect(sheet.slice(1).map((row) => row.includes('会计'))).toEqual([true])

    const second = await open(POST_EXPORT, { ticket })
    expect(second.status).toBe(401)
    expect(((await second.json()) as { msg: string }).msg).toContain('已使用')
    expect(await s.db.selectFrom('bladeDownloadTicket').selectAll().execute()).toEqual([])
  })

  it('refuses an expired ticket, an unknown one and a URL without any', async () => {
    const { ticket } = (await issue(POST_EXPORT, admin)).body.data
    await s.db
      .updateTable('bladeDownloadTicket')
      .set({ expiresAt: Date.now() - 1 })
      .execute()
    expect((await open(POST_EXPORT, { ticket })).status).toBe(401)
    expect((await open(POST_EXPORT, { ticket: 'made-up' })).status).toBe(401)
    expect((await open(POST_EXPORT, { ticket: '' })).status).toBe(401)
    expect((await open(POST_EXPORT, {})).status).toBe(401)
  })

  it('opens only the path it was issued for, and only download routes accept one', async () => {
    const forUsers = (await issue('/api/blade-system/user/export', admin)).body.data.ticket
    const elsewhere = await open(POST_EXPORT, { ticket: forUsers })
    expect(elsewhere.status).toBe(401)
    // Spent by the wrong use: it does not open its own path afterwards either.
    expect((await open('/api/blade-system/user/export', { ticket: forUsers })).status).toBe(401)
    // A list is not a download: no ticket for it, and a ticket does not authenticate it.
    const list = await issue('/api/blade-system/post/list', admin)
    expect(list.status).toBe(400)
    const { ticket } = (await issue(POST_EXPORT, admin)).body.data
    const r = await call(s.baseUrl, 'GET', '/api/blade-system/post/list', { query: { ticket } })
    expect(r.status).toBe(401)
  })

  it('is issued only to a logged-in user who holds the download’s own permission', async () => {
    const anonymous = await issue(POST_EXPORT)
    expect(anonymous.status).toBe(401)
    // The warehouse role may export stock totals, not posts.
    const notAllowed = await issue(POST_EXPORT, warehouse)
    expect(notAllowed.status).toBe(403)
    const allowed = await issue('/api/stockDetail/total/export', warehouse)
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200)
    const opened = await open('/api/stockDetail/total/export', { ticket: allowed.body.data.ticket })
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-type')).toContain('spreadsheetml')
  })
})
