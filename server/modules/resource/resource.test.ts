import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

forEachDatabase('oss and sms configurations', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())
  const post = (path: string, opts: { query?: Record<string, string>; json?: unknown }) =>
    call(s.baseUrl, 'POST', path, { token, ...opts })
  const detail = async (api: string, id: string) =>
    (await call(s.baseUrl, 'GET', `${api}/detail`, { token, query: { id } })).body.data

  it('enables exactly one oss configuration at a time', async () => {
    const a = (
      await post('/api/blade-resource/oss/submit', {
        json: { category: 1, ossCode: 'local-a', endpoint: '/uploads' },
      })
    ).body.data.id
    const b = (
      await post('/api/blade-resource/oss/submit', {
        json: { category: 2, ossCode: 'minio-b', endpoint: 'http://127.0.0.1:9000' },
      })
    ).body.data.id
    expect((await post('/api/blade-resource/oss/enable', { query: { id: a } })).status).toBe(200)
    expect((await detail('/api/blade-resource/oss', a)).status).toBe(2)
    expect((await post('/api/blade-resource/oss/enable', { query: { id: b } })).status).toBe(200)
    expect((await detail('/api/blade-resource/oss', a)).status).toBe(1)
    expect((await detail('/api/blade-resource/oss', b)).status).toBe(2)
    expect((await post('/api/blade-resource/oss/enable', { query: { id: '42' } })).status).toBe(404)
  })

  it('sends a test SMS through the log provider and refuses bad phones and unknown codes', async () => {
    await post('/api/blade-resource/sms/submit', {
      json: { category: 1, smsCode: 'log', templateId: 'verify' },
    })
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const r = await post('/api/blade-resource/sms/endpoint/send-message', {
      query: { code: 'log', phones: '0912345678,0987654321', params: '{"code":"1234"}' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.sent).toBe(2)
    expect(
      info.mock.calls.filter((c) => String(c[0]).includes('[sms] to 0912345678 template verify')),
    ).toHaveLength(1)
    info.mockRestore()
    expect(
      (
        await post('/api/blade-resource/sms/endpoint/send-message', {
          query: { code: 'log', phones: 'abc' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await post('/api/blade-resource/sms/endpoint/send-message', {
          query: { code: 'nope', phones: '0912345678' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await post('/api/blade-resource/sms/endpoint/send-message', {
          query: { code: 'log', phones: '0912345678', params: '[1]' },
        })
      ).status,
    ).toBe(400)
  })
})
