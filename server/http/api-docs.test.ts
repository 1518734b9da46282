// The API description over real HTTP, on SQLite and PostgreSQL: a valid OpenAPI 3.1 document (checked by a real validator)
// that has every route of the inventory with its method and access, an entity's filters and bodies
// as its declaration and the server have them; the viewer page served from this origin; API_DOCS=0.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compileErrors, dereference, validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { notice } from '../../src/domain/desk/notice.ts'
import type { FieldDef } from '../../src/domain/entity.ts'
import { call } from '../../tests/support/http.ts'
import { loginAs } from '../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { appRoutes } from '../app.ts'
import { readConfig } from '../config.ts'
import { routeInventory, type InventoryEntry } from './inventory.ts'

type Doc = {
  openapi: string
  paths: Record<string, Record<string, Op>>
  components: { schemas: Record<string, Schema> }
}
type Op = {
  description: string
  'x-blade-access': unknown
  security?: unknown[]
  parameters: { name: string; in: string; schema: Schema }[]
  requestBody?: { content: Record<string, { schema: Schema }> }
}
type Schema = {
  properties?: Record<string, Schema>
  required?: string[]
  allOf?: Schema[]
  anyOf?: Schema[]
  maxLength?: number
  writeOnly?: boolean
  type?: string
  pattern?: string
}

const getDoc = async (baseUrl: string, path = '/v3/api-docs') => {
  const res = await fetch(`${baseUrl}${path}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  return (await res.json()) as Doc
}

forEachDatabase('API description', (dialect) => {
  let s: TestServer
  let inventory: InventoryEntry[]
  let doc: Doc
  beforeAll(async () => {
    s = await startTestServer(dialect)
    inventory = routeInventory(appRoutes(s.ctx))
    doc = await getDoc(s.baseUrl)
  })
  afterAll(() => s?.close())

  it('is a valid OpenAPI 3.1 document, the same under /api', async () => {
    expect(doc.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(doc) as never)
    expect(result.valid ? '' : compileErrors(result)).toBe('')
    expect(await getDoc(s.baseUrl, '/api/v3/api-docs')).toEqual(doc)
  })

  it('has every route of the inventory, with its method and the access it needs', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item))
    expect(operations.length).toBe(inventory.length)
    const wrong: string[] = []
    for (const e of inventory) {
      const op = doc.paths[e.url.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()]
      if (!op) {
        wrong.push(`${e.method} ${e.url}: missing`)
        continue
      }
      if (JSON.stringify(op['x-blade-access']) !== JSON.stringify(e.access))
        wrong.push(`${e.method} ${e.url}: x-blade-access ${JSON.stringify(op['x-blade-access'])}`)
      const said =
        e.access.kind === 'button'
          ? [e.access.code]
          : e.access.kind === 'anyButton'
            ? e.access.codes
            : [{ public: 'public', user: 'signed-in', platform: 'platform' }[e.access.kind]]
      if (!said.every((word) => op.description.includes(word)))
        wrong.push(`${e.method} ${e.url}: description does not say ${said.join(', ')}`)
      const publicSecurity = e.client ? [{ BasicClient: [] }] : []
      if (
        e.access.kind === 'public'
          ? JSON.stringify(op.security) !== JSON.stringify(publicSecurity)
          : op.security?.length === 0
      )
        wrong.push(`${e.method} ${e.url}: security ${JSON.stringify(op.security)}`)
    }
    expect(wrong).toEqual([])
    expect(doc.paths['/blade-auth/oauth/token']?.post?.security).toEqual([{ BasicClient: [] }])
    expect(doc.paths['/v3/api-docs']?.get?.security).toEqual([])
    expect(
      doc.paths['/blade-resource/oss/endpoint/file/{day}/{name}']?.get?.parameters.map(
        (p) => `${p.in} ${p.name}`,
      ),
    ).toEqual(['path day', 'path name'])
  })

  it("lists an entity's filters as the server reads them, and refuses what it does not list", async () => {
    const params = doc.paths['/blade-desk/notice/list']!.get!.parameters
    const names = params.map((p) => p.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'current',
        'size',
        'ascs',
        'descs',
        'title',
        'title_like',
        'title_likeright',
        'category',
        'category_ge',
        'releaseTime_between',
        'releaseTime_datege',
        'releaseTime_notnull',
      ]),
    )
    // Text matching on a number is refused by the server (400), so it is not described.
    expect(names).not.toContain('category_like')
    expect(names).not.toContain('content')
    const token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    const valueFor = (p: (typeof params)[number]) => {
      if (p.name.endsWith('_between'))
        return p.schema.type === 'string' && p.name.startsWith('releaseTime')
          ? '2026-01-01 00:00:00,2026-12-31 23:59:59'
          : '1,2'
      if (p.name === 'ascs' || p.name === 'descs') return 'releaseTime'
      if (p.name.startsWith('releaseTime')) return '2026-01-15 00:00:00'
      if (p.name.startsWith('category') || p.name === 'current' || p.name === 'size') return '1'
      return 'a'
    }
    const refused: string[] = []
    for (const p of params) {
      const r = await call<{ code: number }>(s.baseUrl, 'GET', '/api/blade-desk/notice/list', {
        token,
        query: { [p.name]: valueFor(p) },
      })
      if (r.status !== 200 || r.body.code !== 200)
        refused.push(`${p.name}=${valueFor(p)} → ${r.status}`)
    }
    expect(refused).toEqual([])
    expect(
      (
        await call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', {
          token,
          query: { category_like: '1' },
        })
      ).status,
    ).toBe(400)
  })

  it('describes the submit body from the declaration: required fields, lengths, write-only secrets', async () => {
    const full = (await dereference(structuredClone(doc) as never)) as unknown as Doc
    const body =
      full.paths['/blade-desk/notice/submit']!.post!.requestBody!.content['application/json']!
        .schema
    const [create, update] = body.anyOf!
    const required = (s: Schema) => s.allOf!.flatMap((part) => part.required ?? [])
    expect(required(create!)).toEqual(['title', 'category', 'releaseTime'])
    expect(required(create!)).toEqual(
      (notice.fields as readonly FieldDef[]).filter((f) => f.required).map((f) => f.name),
    )
    expect(required(update!)).toEqual(['id'])
    const record = create!.allOf![0]!.properties!
    expect(record.title).toMatchObject({ type: 'string', maxLength: 255, title: '通知标题' })
    expect(record.category).toMatchObject({ type: 'integer' })
    expect(record.releaseTime?.pattern).toBeDefined()
    expect(new RegExp(record.releaseTime!.pattern!).test('2026-01-15 09:30:00')).toBe(true)
    expect(doc.components.schemas.client?.properties?.clientSecret?.writeOnly).toBe(true)
    expect(doc.components.schemas.user?.properties?.password?.writeOnly).toBe(true)
    expect(doc.components.schemas.user?.properties?.account?.writeOnly).toBeUndefined()
  })

  it('describes every field a list record answers', async () => {
    const token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    const r = await call<{ data: { records: Record<string, unknown>[] } }>(
      s.baseUrl,
      'GET',
      '/api/blade-desk/notice/list',
      { token },
    )
    const record = r.body.data.records[0]!
    const described = Object.keys(doc.components.schemas.notice!.properties!)
    expect(Object.keys(record).filter((k) => !described.includes(k))).toEqual([])
  })

  it('serves the viewer page from this origin, its scripts as JavaScript, under a narrow policy', async () => {
    const page = await fetch(`${s.baseUrl}/doc.html`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("frame-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
    const html = await page.text()
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!)
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!)
    expect(scripts.length).toBe(2)
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/)
    for (const src of [...scripts, ...styles]) {
      const url = new URL(src, page.url)
      expect(url.origin, src).toBe(s.baseUrl)
      const res = await fetch(url)
      expect(res.status, src).toBe(200)
      expect(res.headers.get('content-type'), src).toMatch(
        src.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      )
    }
    const bundle = await (await fetch(new URL(scripts[0]!, page.url))).text()
    expect(bundle).toContain('SwaggerUIBundle')
    const init = await (await fetch(new URL(scripts[1]!, page.url))).text()
    expect(init).toContain("new URL('v3/api-docs'")
    // Revalidated by its tag, and compressed for a client that takes gzip.
    const again = await fetch(new URL(scripts[0]!, page.url), {
      headers: {
        'if-none-match': (await fetch(new URL(scripts[0]!, page.url))).headers.get('etag')!,
      },
    })
    expect(again.status).toBe(304)
  })
})

forEachDatabase('API_DOCS=0', (dialect) => {
  let s: TestServer
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docs-off-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>')
    s = await startTestServer(dialect, {
      staticDir: dir,
      apiDocs: readConfig({ API_DOCS: '0' }).apiDocs,
    })
  })
  afterAll(async () => {
    await s?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('is read from the environment: on unless 0', () => {
    expect([
      readConfig({}).apiDocs,
      readConfig({ API_DOCS: '1' }).apiDocs,
      readConfig({ API_DOCS: '0' }).apiDocs,
    ]).toEqual([true, true, false])
    expect(() => readConfig({ API_DOCS: 'no' })).toThrow('API_DOCS must be 0 or 1')
  })

  it('answers the document, the page and the viewer 404 in the Blade envelope, never the app', async () => {
    const navigate = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }
    for (const path of [
      '/v3/api-docs',
      '/api/v3/api-docs',
      '/doc.html',
      '/api/doc.html',
      '/webjars/doc-init.js',
      '/webjars/swagger-ui/swagger-ui-bundle.js',
    ]) {
      const res = await fetch(`${s.baseUrl}${path}`, { headers: navigate })
      expect(res.status, path).toBe(404)
      expect(await res.json(), path).toEqual({
        code: 404,
        success: false,
        data: null,
        msg: '404 没找到请求',
      })
    }
    // The app is served all the same: the 404s above are the switch, not a server without the app.
    const app = await fetch(`${s.baseUrl}/some/screen`, { headers: navigate })
    expect(await app.text()).toContain('<title>app</title>')
  })
})
