import { randomUUID } from 'node:crypto'
import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addRole, addUser, token } from '../../../tests/support/auth.ts'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { now } from '../../core/dates.ts'

const BAD = { error_code: 400, error_description: '令牌已失效，请重新登录' }

forEachDatabase('auth: refresh tokens and logout', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
  })
  afterAll(() => s?.close())

  const refresh = (
    refreshToken: string,
    extra: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) =>
    token(
      s,
      { grant_type: 'refresh_token', refresh_token: refreshToken, tenantId: '000000', ...extra },
      { headers },
    )

  it('rotates: a refresh token gives a new pair once, in the same session', async () => {
    const first = await loginAs(s.baseUrl, 'admin', 'admin')
    const second = await refresh(first.refresh_token)
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({
      account: 'admin',
      role_name: 'administrator',
      token_type: 'bearer',
    })
    expect(second.body.refresh_token).not.toBe(first.refresh_token)
    const sid = decodeJwt(first.access_token).sid
    expect(decodeJwt(second.body.access_token).sid).toBe(sid)
    const rows = await s.db
      .selectFrom('bladeRefreshToken')
      .select(['jti', 'revoked'])
      .where('sessionId', '=', String(sid))
      .orderBy('createTime')
      .execute()
    expect(rows.map((r) => r.revoked).sort()).toEqual([0, 1])

    const third = await refresh(second.body.refresh_token)
    expect(third.status).toBe(200)
  })

  it('refuses a used refresh token and then revokes its whole session', async () => {
    const first = await loginAs(s.baseUrl, 'admin', 'admin')
    const second = await refresh(first.refresh_token)
    expect(second.status).toBe(200)
    const reuse = await refresh(first.refresh_token)
    expect(reuse.status).toBe(400)
    expect(reuse.body).toEqual(BAD)
    // The copy was detected: the legitimate newer token is dead too.
    expect((await refresh(second.body.refresh_token)).body).toEqual(BAD)
  })

  it('logout GET revokes the session refresh tokens but not other sessions', async () => {
    const a = await loginAs(s.baseUrl, 'admin', 'admin')
    const b = await loginAs(s.baseUrl, 'admin', 'admin')
    const out = await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/logout', {
      token: a.access_token,
    })
    expect(out.status).toBe(200)
    expect(out.body).toMatchObject({ code: 200, success: true })
    expect((await refresh(a.refresh_token)).body).toEqual(BAD)
    expect((await refresh(b.refresh_token)).status).toBe(200)
    const anon = await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/logout')
    expect(anon.status).toBe(401)
  })

  it('refuses an expired, forged, foreign or unknown refresh token', async () => {
    const me = await loginAs(s.baseUrl, 'admin', 'admin')
    const jti = randomUUID()
    await s.db
      .insertInto('bladeRefreshToken')
      .values({
        jti,
        userId: me.user_id,
        clientId: 'saber',
        expiresAt: Date.now() + 3_600_000,
        createTime: now(),
        sessionId: 'x',
      })
      .execute()
    await s.db
      .insertInto('bladeSession')
      .values({
        sessionId: 'x',
        userId: me.user_id,
        tenantId: '000000',
        clientId: 'saber',
        createTime: Date.now(),
      })
      .execute()
    const sign = (exp: number, claims: Record<string, string> = {}, key = s.keys.jwtSecret) =>
      new SignJWT({
        token_type: 'refresh_token',
        user_id: me.user_id,
        tenant_id: '000000',
        client_id: 'saber',
        ...claims,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('issuser')
        .setAudience('audience')
        .setIssuedAt(exp - 7200)
        .setExpirationTime(exp)
        .setJti(jti)
        .sign(key)
    const nowS = Math.floor(Date.now() / 1000)
    expect((await refresh(await sign(nowS - 60))).body).toEqual(BAD)
    expect(
      (await refresh(await sign(nowS + 600, {}, new TextEncoder().encode('x'.repeat(48))))).body,
    ).toEqual(BAD)
    expect((await refresh(await sign(nowS + 600, { client_id: 'other' }))).body).toEqual(BAD)
    expect((await refresh('not-a-jwt')).body).toEqual(BAD)
    expect((await refresh(me.access_token)).body).toEqual(BAD)
    // The row itself is still usable: only the JWT was wrong above.
    expect((await refresh(await sign(nowS + 600))).status).toBe(200)
    expect((await refresh(me.refresh_token, { tenantId: '123456' })).body.error_description).toBe(
      '租户信息错误',
    )
    expect((await refresh('')).body.error_description).toBe('缺少必要的请求参数: refresh_token')
  })

  it('refuses a refresh whose stored row expired', async () => {
    const me = await loginAs(s.baseUrl, 'admin', 'admin')
    await s.db
      .updateTable('bladeRefreshToken')
      .set({ expiresAt: Date.now() - 1 })
      .where('jti', '=', String(decodeJwt(me.refresh_token).jti))
      .execute()
    expect((await refresh(me.refresh_token)).body).toEqual(BAD)
  })

  it('switches role and dept on refresh and keeps the selection afterwards', async () => {
    const roleA = await addRole(s, 'sw-a')
    const roleB = await addRole(s, 'sw-b')
    await addUser(s, {
      account: 'switcher',
      password: 'pw',
      roleId: `${roleA},${roleB}`,
      deptId: '701,702',
    })
    const me = await loginAs(s.baseUrl, 'switcher', 'pw')
    expect(me.role_id).toBe(`${roleA},${roleB}`)
    const switched = await refresh(me.refresh_token, { roleId: roleB, deptId: '702' })
    expect(switched.body).toMatchObject({ role_id: roleB, role_name: 'sw-b', dept_id: '702' })
    const kept = await refresh(switched.body.refresh_token)
    expect(kept.body).toMatchObject({ role_id: roleB, dept_id: '702' })
    const viaHeaders = await refresh(kept.body.refresh_token, {}, { 'Role-Id': roleA })
    expect(viaHeaders.body).toMatchObject({ role_id: roleA, role_name: 'sw-a' })
    const notMine = await refresh(viaHeaders.body.refresh_token, { roleId: '42' })
    expect(notMine.body.error_description).toBe('所选角色不属于当前用户')
  })

  it('refuses refresh once the user is removed', async () => {
    const id = await addUser(s, { account: 'leaver', password: 'pw' })
    const me = await loginAs(s.baseUrl, 'leaver', 'pw')
    await s.db.updateTable('bladeUser').set({ isDeleted: 1 }).where('id', '=', id).execute()
    expect((await refresh(me.refresh_token)).body).toEqual(BAD)
  })
})
