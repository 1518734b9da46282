// The built app is served compressed when the build made .br/.gz copies (scripts/compress-dist.ts),
// chosen by Accept-Encoding, with the no-cache headers of the worker and the page kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressDist } from '../../scripts/compress-dist.ts'
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts'

const app = `console.log(${JSON.stringify('x'.repeat(4000))})\n`
let dir: string
let s: TestServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-'))
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>t</title>${'<!-- pad -->'.repeat(200)}`,
  )
  writeFileSync(join(dir, 'app.js'), app)
  writeFileSync(join(dir, 'sw.js'), `self.x = ${JSON.stringify('y'.repeat(3000))}`)
  writeFileSync(join(dir, 'tiny.js'), 'ok')
  expect(compressDist(dir).files).toBe(3)
  s = await startTestServer('sqlite', { staticDir: dir })
})
afterAll(async () => {
  await s?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('static files', () => {
  it('answers Brotli to a client that accepts it, gzip or plain otherwise', async () => {
    const br = await fetch(`${s.baseUrl}/app.js`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    // fetch decodes; the bytes on the wire are the .br copy.
    expect(await br.text()).toBe(app)
    const plain = await fetch(`${s.baseUrl}/app.js`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(app)
    const tiny = await fetch(`${s.baseUrl}/tiny.js`, { headers: { 'accept-encoding': 'br' } })
    expect([tiny.headers.get('content-encoding'), await tiny.text()]).toEqual([null, 'ok'])
    expect(
      brotliDecompressSync(
        Buffer.from(await (await fetch(`${s.baseUrl}/app.js.br`)).arrayBuffer()),
      ).toString(),
    ).toBe(app)
  })

  it('keeps no-cache on the worker and the page when they are served compressed', async () => {
    const sw = await fetch(`${s.baseUrl}/sw.js`, { headers: { 'accept-encoding': 'br' } })
    expect([sw.headers.get('content-encoding'), sw.headers.get('cache-control')]).toEqual([
      'br',
      'no-cache',
    ])
    const page = await fetch(`${s.baseUrl}/some/route`, { headers: { 'accept-encoding': 'br' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>t</title>')
  })

  it('opens a screen whose path shares its root with an API by its address; API misses stay a JSON 404', async () => {
    for (const path of ['/reconciliation/statement', '/product/product']) {
      const page = await fetch(`${s.baseUrl}${path}`, {
        headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' },
      })
      expect(page.status, path).toBe(200)
      expect(await page.text()).toContain('<title>t</title>')
    }
    for (const [path, accept] of [
      ['/reconciliation/nothing', 'application/json'],
      ['/api/reconciliation/nothing', 'text/html'],
      ['/blade-system/nothing', 'text/html'],
    ]) {
      const miss = await fetch(`${s.baseUrl}${path}`, { headers: { accept: accept! } })
      expect(miss.status, path).toBe(404)
      expect((await miss.json()) as unknown).toMatchObject({ code: 404 })
    }
  })
})
