import { afterAll, beforeAll, expect, it } from 'vitest'
import { token } from '../../../tests/support/auth.ts'
import { call } from '../../../tests/support/http.ts'
import { loginAs, type TokenBody } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

forEachDatabase('auth: session endpoints', (dialect) => {
  let s: TestServer
  let me: TokenBody
  beforeAll(async () => {
    s = await startTestServer(dialect)
    me = await loginAs(s.baseUrl, 'admin', 'admin')
  })
  afterAll(() => s?.close())

  it('POST logout stores the app error log and keeps the session', async () => {
    const entries = [
      {
        type: 'TypeError',
        message: 'x is undefined',
        stack: 'at a.js:1',
        info: 'render',
        url: '/system/user',
        time: '2026-05-01 10:00:00',
      },
      {
        type: 'ajax',
        message: '500',
        stack: '',
        info: { status: 500 },
        url: '/api/x',
        time: '2026-05-01 10:01:00',
      },
    ]
    const r = await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/logout', {
      json: entries,
      token: me.access_token,
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ code: 200, success: true })
    // The server's own request log writes error rows too (serviceId = path segment): keep the app's.
    const rows = await s.db
      .selectFrom('bladeLogError')
      .selectAll()
      .where('serviceId', '=', 'saber')
      .orderBy('id')
      .execute()
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      tenantId: '000000',
      createBy: 'admin',
      requestUri: '/system/user',
      message: 'x is undefined',
      stackTrace: 'at a.js:1',
      exceptionName: 'TypeError',
      params: 'render',
    })
    expect(rows[1]).toMatchObject({
      params: '{"status":500}',
      stackTrace: null,
      exceptionName: 'ajax',
    })
    const refreshed = await token(s, {
      grant_type: 'refresh_token',
      refresh_token: me.refresh_token,
    })
    expect(refreshed.status).toBe(200)
    me = refreshed.body
  })

  it('POST logout answers 400 for a body that is not a list of objects, 401 without a token', async () => {
    for (const json of [{ type: 'x' }, [1, 2], [null], 'text']) {
      const r = await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/logout', {
        json,
        token: me.access_token,
      })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({
        code: 400,
        success: false,
        msg: '请求体必须是错误日志对象的数组',
      })
    }
    expect(
      (await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/logout', { json: [] })).status,
    ).toBe(401)
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/logout', {
          json: [],
          token: me.access_token,
        })
      ).status,
    ).toBe(200)
  })

  it('user-info answers the principal without the password hash; needs a token', async () => {
    const r = await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/user-info', {
      token: me.access_token,
    })
    expect(r.body).toMatchObject({
      code: 200,
      data: {
        userId: me.user_id,
        tenantId: '000000',
        account: 'admin',
        realName: '管理员',
        nickName: '管理员',
        clientId: 'saber',
        phone: '09000000001',
        roleIds: [me.role_id],
      },
    })
    expect(r.body.data.password).toBeUndefined()
    expect((await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/user-info')).status).toBe(401)
    expect(
      (await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/user-info', { token: 'junk' })).status,
    ).toBe(401)
  })

  it('clear-cache reloads clients: a changed secret takes effect', async () => {
    const basic = `Basic ${Buffer.from('saber:rotated').toString('base64')}`
    await s.db
      .updateTable('bladeClient')
      .set({ clientSecret: 'rotated' })
      .where('clientId', '=', 'saber')
      .execute()
    expect(
      (await token(s, { grant_type: 'refresh_token', refresh_token: me.refresh_token }, { basic }))
        .status,
    ).toBe(401)
    const cleared = await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/clear-cache', {
      token: me.access_token,
    })
    expect(cleared.body).toMatchObject({ code: 200, success: true })
    expect(
      (await token(s, { grant_type: 'refresh_token', refresh_token: me.refresh_token }, { basic }))
        .status,
    ).toBe(200)
    await s.db
      .updateTable('bladeClient')
      .set({ clientSecret: 'saber_secret' })
      .where('clientId', '=', 'saber')
      .execute()
  })
})
