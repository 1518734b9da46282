import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { tokenFor } from '../../../tests/support/system.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

forEachDatabase('system file upload', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = await tokenFor(s, 'office')
  })
  afterAll(() => s?.close())
  const uploads = () => join(s.config.dataDir, 'uploads')

  const put = (form: FormData, auth = true) =>
    fetch(`${s.baseUrl}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      body: form,
      headers: auth ? { 'Blade-Auth': `bearer ${token}` } : {},
    })

  it('stores an upload and serves it back by its link', async () => {
    const form = new FormData()
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'avatar.PNG')
    const res = await put(form)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      data: { link: string; domain: string; name: string; originalName: string }
    }
    expect(body.data.originalName).toBe('avatar.PNG')
    // The file route is public: the name carries 128 random bits, so it cannot be guessed from the time.
    expect(body.data.name).toMatch(/^\d{8}\/\d+-[0-9a-f]{32}\.png$/)
    const guessed = body.data.name.replace(/-[0-9a-f]{32}/, '')
    expect(
      (await fetch(`${s.baseUrl}/api/blade-resource/oss/endpoint/file/${guessed}`)).status,
    ).toBe(404)
    expect(body.data.link).toBe(`/api/blade-resource/oss/endpoint/file/${body.data.name}`)
    expect(body.data.domain).toBe(s.baseUrl)
    expect(existsSync(join(s.config.dataDir, 'uploads', ...body.data.name.split('/')))).toBe(true)
    // The upload is an attachment of the tenant, with its size in bytes (shown in KB by the app).
    const attach = await s.db
      .selectFrom('bladeAttach' as never)
      .selectAll()
      .where('link' as never, '=', body.data.link as never)
      .executeTakeFirstOrThrow()
    expect(attach).toMatchObject({
      tenantId: '000000',
      originalName: 'avatar.PNG',
      extension: 'png',
      attachSize: PNG.length,
    })

    // Public, so an <img> without the token header can show it.
    const file = await fetch(`${s.baseUrl}${body.data.link}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('sends other types as attachments', async () => {
    const form = new FormData()
    form.append('file', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }), 'x.svg')
    const body = (await (await put(form)).json()) as { data: { link: string } }
    const file = await fetch(`${s.baseUrl}${body.data.link}`)
    expect(file.headers.get('content-type')).toBe('application/octet-stream')
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/)
  })

  it('refuses an empty, missing or unauthenticated upload', async () => {
    const empty = new FormData()
    empty.append('file', new Blob([]), 'empty.png')
    const r1 = await put(empty)
    expect(r1.status).toBe(400)
    expect(await r1.json()).toMatchObject({ code: 400, success: false, msg: '上传文件不能为空' })
    const noFile = new FormData()
    noFile.append('name', 'x')
    expect((await put(noFile)).status).toBe(400)
    const json = await fetch(`${s.baseUrl}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(json.status).toBe(400)
    const form = new FormData()
    form.append('file', new Blob([PNG]), 'a.png')
    expect((await put(form, false)).status).toBe(401)
  })

  it('refuses a file over 20 MB and keeps no part of it', async () => {
    const stored = () =>
      existsSync(uploads()) ? readdirSync(uploads(), { recursive: true }).length : 0
    const before = stored()
    const form = new FormData()
    form.append('file', new Blob([Buffer.alloc(20 * 1024 * 1024 + 10)]), 'big.bin')
    const res = await put(form)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { msg: string }).msg).toBe('上传文件不能超过 20MB')
    expect(stored()).toBe(before)
  })

  it('rejects path traversal and unknown files', async () => {
    const base = `${s.baseUrl}/api/blade-resource/oss/endpoint/file`
    expect((await fetch(`${base}/20250101/..%2F..%2Fapp.db`)).status).toBe(400)
    expect((await fetch(`${base}/..%2F..%2F/app.db`)).status).toBe(400)
    expect((await fetch(`${base}/20250101/123.png`)).status).toBe(404)
  })
})
