// Security headers on every kind of answer over real HTTP: API envelopes, errors, 404s, the token
// endpoint, uploaded files, the built app, its index.html fallback and the service worker.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASIC_SABER } from '../../tests/support/http.ts'
import { loginAs } from '../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { readConfig } from '../config.ts'
import { contentSecurityPolicy } from './security-headers.ts'

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? ''
  expect(csp, what).toContain("default-src 'self'")
  expect(csp, what).toContain("script-src 'self';")
  expect(csp, what).toContain("frame-ancestors 'self'")
  expect(csp, what).toContain("object-src 'none'")
  expect(csp, what).toContain("base-uri 'self'")
  expect(
    {
      nosniff: res.headers.get('x-content-type-options'),
      referrer: res.headers.get('referrer-policy'),
      frame: res.headers.get('x-frame-options'),
      opener: res.headers.get('cross-origin-opener-policy'),
    },
    what,
  ).toEqual({
    nosniff: 'nosniff',
    referrer: 'strict-origin-when-cross-origin',
    frame: 'SAMEORIGIN',
    opener: 'same-origin',
  })
}

forEachDatabase('security headers', (dialect) => {
  let dir: string
  let s: TestServer
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'headers-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(dir, 'sw.js'), 'self.ok = 1')
    writeFileSync(join(dir, 'app.js'), 'console.log(1)')
    s = await startTestServer(dialect, { staticDir: dir })
  })
  afterAll(async () => {
    await s?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('are on API answers, errors and 404s', async () => {
    const answers: [string, Promise<Response>, number][] = [
      ['envelope', fetch(`${s.baseUrl}/api/health`), 200],
      ['401', fetch(`${s.baseUrl}/api/blade-system/param/list`), 401],
      [
        '400 bad JSON',
        fetch(`${s.baseUrl}/api/health`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{bad',
        }),
        400,
      ],
      ['API 404', fetch(`${s.baseUrl}/api/blade-nothing/here`), 404],
      ['POST 404', fetch(`${s.baseUrl}/nothing`, { method: 'POST' }), 404],
      [
        'token endpoint refusal',
        fetch(
          `${s.baseUrl}/api/blade-auth/oauth/token?grant_type=password&username=admin&password=x`,
          { method: 'POST', headers: { Authorization: BASIC_SABER } },
        ),
        400,
      ],
    ]
    for (const [what, pending, status] of answers) {
      const res = await pending
      expect(res.status, what).toBe(status)
      expectSecurityHeaders(res, what)
    }
  })

  it('are on the token answer and on uploaded files', async () => {
    const login = await loginAs(s.baseUrl, 'admin', 'admin')
    const refresh = await fetch(
      `${s.baseUrl}/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: login.refresh_token, tenantId: '000000' })}`,
      {
        method: 'POST',
        headers: { Authorization: BASIC_SABER },
      },
    )
    expect(((await refresh.json()) as { access_token?: string }).access_token).toBeTruthy()
    expectSecurityHeaders(refresh, 'token answer')
    const token = login.access_token
    const form = new FormData()
    form.set('file', new Blob(['hello']), 'note.txt')
    const put = await fetch(`${s.baseUrl}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token}` },
      body: form,
    })
    expect(put.status).toBe(200)
    expectSecurityHeaders(put, 'upload')
    const { data } = (await put.json()) as { data: { link: string } }
    const file = await fetch(new URL(data.link, s.baseUrl))
    expect(await file.text()).toBe('hello')
    expectSecurityHeaders(file, 'uploaded file')
  })

  it('are on the built app, the index.html fallback and the service worker', async () => {
    for (const path of ['/', '/app.js', '/sw.js', '/system/user', '/index.html']) {
      const res = await fetch(`${s.baseUrl}${path}`)
      expect(res.status, path).toBe(200)
      expectSecurityHeaders(res, path)
    }
  })
})

describe('content security policy', () => {
  it('allows the API base the app was built for, and only then', () => {
    const own = contentSecurityPolicy(readConfig({}))
    expect(own).toContain("connect-src 'self';")
    expect(own).toContain("img-src 'self' data: blob:;")
    const other = contentSecurityPolicy(
      readConfig({ VITE_API_BASE: 'https://blade.example.com/base/' }),
    )
    expect(other).toContain("connect-src 'self' https://blade.example.com;")
    expect(other).toContain("img-src 'self' data: blob: https://blade.example.com;")
    expect(contentSecurityPolicy(readConfig({ VITE_API_BASE: '/gateway' }))).toContain(
      "connect-src 'self';",
    )
  })

  it('frames this origin and https pages by default; CSP_FRAME_SRC narrows it', () => {
    expect(contentSecurityPolicy(readConfig({}))).toContain("frame-src 'self' https:;")
    expect(
      contentSecurityPolicy(readConfig({ CSP_FRAME_SRC: "'self' https://reports.example.com" })),
    ).toContain("frame-src 'self' https://reports.example.com;")
  })
})
