// SpringBlade's token route shares every rule of oauth/token: failures counted on one lock the
// other, one rate limit across both, Role-Id / Dept-Id selection, tenants named in the query, and
// SM2 passwords only (an RSA ciphertext is a wrong password here, and the other way round).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addRole, addTenant, addUser, freshIp, token } from '../../../tests/support/auth.ts'
import { call } from '../../../tests/support/http.ts'
import { encryptForServer } from '../../../tests/support/login.ts'
import { saberClient, saberEncrypt } from '../../../tests/support/saber.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

const FAILED = (msg: string, code = 400) => ({ code, success: false, data: {}, msg })

forEachDatabase('auth: SpringBlade token route', (dialect) => {
  describe('shared rules', () => {
    let s: TestServer
    beforeAll(async () => {
      s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
    })
    afterAll(() => s?.close())

    const saber = async (
      account: string,
      password: string,
      ip: string,
      extra: { query?: Record<string, string>; headers?: Record<string, string> } = {},
    ) =>
      saberClient(s.baseUrl, ip).post('/blade-auth/token', {
        query: {
          grantType: 'password',
          tenantId: '000000',
          account,
          password: await saberEncrypt(s.baseUrl, password),
          ...extra.query,
        },
        headers: extra.headers,
      })
    const bladeX = async (username: string, password: string, ip: string) =>
      token(
        s,
        {
          grant_type: 'password',
          tenantId: '000000',
          username,
          password: await encryptForServer(s.baseUrl, password),
        },
        { ip },
      )

    it('counts failures on either route against both', async () => {
      const ip = freshIp()
      await addUser(s, { account: 'twice', password: 'right' })
      for (let i = 0; i < 3; i++)
        expect((await saber('twice', 'wrong', ip)).body).toEqual(FAILED('用户名或密码错误'))
      for (let i = 0; i < 2; i++) await bladeX('twice', 'wrong', ip)
      expect((await saber('twice', 'right', ip)).body).toEqual(FAILED('用户登录失败次数过多'))
      expect((await bladeX('twice', 'right', ip)).body).toEqual({
        error_code: 400,
        error_description: '用户登录失败次数过多',
      })
      expect((await saber('twice', 'right', freshIp())).body).toEqual(
        FAILED('登录失败次数过多，请使用验证码登录'),
      )
    })

    it('reads only its own transport: SM2 here, RSA on oauth/token', async () => {
      await addUser(s, { account: 'transport', password: 'pw-1' })
      const rsa = await encryptForServer(s.baseUrl, 'pw-1')
      const here = await saberClient(s.baseUrl, freshIp()).post('/blade-auth/token', {
        query: { account: 'transport', password: rsa },
      })
      expect(here.body).toEqual(FAILED('用户名或密码错误'))
      const there = await token(s, {
        grant_type: 'password',
        username: 'transport',
        password: await saberEncrypt(s.baseUrl, 'pw-1'),
      })
      expect(there.body).toEqual({ error_code: 400, error_description: '用户名或密码错误' })
      expect((await saber('transport', 'pw-1', freshIp())).body.data.account).toBe('transport')
    })

    it('selects one of the user own roles and depts by Role-Id / Dept-Id', async () => {
      const roleA = await addRole(s, 'saberA')
      const roleB = await addRole(s, 'saberB')
      await addUser(s, {
        account: 'switcher',
        password: 'pw',
        roleId: `${roleA},${roleB}`,
        deptId: '601,602',
      })
      expect((await saber('switcher', 'pw', freshIp())).body.data).toMatchObject({
        authority: 'saberA,saberB',
        roleId: `${roleA},${roleB}`,
        deptId: '601,602',
      })
      const one = await saber('switcher', 'pw', freshIp(), {
        headers: { 'Role-Id': roleB, 'Dept-Id': '602' },
      })
      expect(one.body.data).toMatchObject({ authority: 'saberB', roleId: roleB, deptId: '602' })
      const kept = await saberClient(s.baseUrl, freshIp()).post('/blade-auth/token', {
        query: { grantType: 'refresh_token', refreshToken: one.body.data.refreshToken },
      })
      expect(kept.body.data).toMatchObject({ authority: 'saberB', roleId: roleB, deptId: '602' })
      expect(
        (
          await saber('switcher', 'pw', freshIp(), {
            headers: { 'Role-Id': '1123598816738675201' },
          })
        ).body,
      ).toEqual(FAILED('所选角色不属于当前用户'))
    })

    it('logs into the tenant the query names, refusing a disabled one', async () => {
      await addTenant(s, '200001')
      await addUser(s, { account: 'hanoi', password: 'pw', tenantId: '200001' })
      expect(
        (await saber('hanoi', 'pw', freshIp(), { query: { tenantId: '200001' } })).body.data,
      ).toMatchObject({ tenantId: '200001', account: 'hanoi' })
      expect((await saber('hanoi', 'pw', freshIp())).body).toEqual(FAILED('用户名或密码错误'))
      await addTenant(s, '200002', { status: 0 })
      await addUser(s, { account: 'closed', password: 'pw', tenantId: '200002' })
      expect(
        (await saber('closed', 'pw', freshIp(), { query: { tenantId: '200002' } })).body,
      ).toEqual(FAILED('租户已过期或被禁用'))
    })

    it('takes its parameters from a form body too, and the captcha grant needs the captcha', async () => {
      const res = await call(s.baseUrl, 'POST', '/blade-auth/token', {
        headers: {
          Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
          'X-Forwarded-For': freshIp(),
        },
        form: {
          grantType: 'password',
          account: 'admin',
          password: await saberEncrypt(s.baseUrl, 'admin'),
        },
      })
      expect(res.body.data).toMatchObject({ account: 'admin', tenantId: '000000' })
      expect(
        (await saber('admin', 'admin', freshIp(), { query: { grantType: 'captcha' } })).body,
      ).toEqual(FAILED('验证码不正确'))
    })
  })

  describe('bad input', () => {
    let s: TestServer
    beforeAll(async () => {
      s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
    })
    afterAll(() => s?.close())

    it('answers every malformed parameter with a 4xx envelope and a message, never 5xx', async () => {
      const valid = await saberEncrypt(s.baseUrl, 'admin')
      const cases: Record<string, string>[] = [
        ...['constructor', '__proto__', 'toString', 'hasOwnProperty', 'x'.repeat(500)].map(
          (grantType) => ({ grantType, account: 'admin', password: valid }),
        ),
        ...[
          '',
          'zz',
          '04',
          `04${'f'.repeat(200)}`,
          'a'.repeat(5000),
          valid.slice(0, 190),
          `${valid}0`,
          '密码',
          valid.toUpperCase().replace(/A/g, 'G'),
        ].map((password) => ({ account: 'admin', password })),
        ...['', 'x'.repeat(300), '账号'].map((account) => ({ account, password: valid })),
        ...['', 'junk', 'a.b.c', `${'x'.repeat(20)}.${'y'.repeat(20)}.${'z'.repeat(20)}`].map(
          (refreshToken) => ({ grantType: 'refresh_token', refreshToken }),
        ),
        { account: 'admin', password: valid, tenantId: "' or 1=1 --" },
      ]
      const wrong: string[] = []
      for (const query of cases) {
        const r = await saberClient(s.baseUrl, freshIp()).post('/blade-auth/token', { query })
        if (r.status < 400 || r.status >= 500 || r.body?.success !== false || !r.body?.msg)
          wrong.push(
            `${JSON.stringify(query).slice(0, 80)} → ${r.status} ${JSON.stringify(r.body).slice(0, 80)}`,
          )
      }
      expect(wrong).toEqual([])
    })
  })

  describe('rate limit', () => {
    let s: TestServer
    beforeAll(async () => {
      s = await startTestServer(dialect, { tokenRateLimit: 4 })
    })
    afterAll(() => s?.close())

    it('shares one count per client with oauth/token and answers 429 in the envelope', async () => {
      const ip = freshIp()
      const c = saberClient(s.baseUrl, ip)
      for (let i = 0; i < 2; i++)
        expect(
          (
            await token(
              s,
              {
                grant_type: 'password',
                username: 'admin',
                password: await encryptForServer(s.baseUrl, 'admin'),
              },
              { ip },
            )
          ).status,
        ).toBe(200)
      for (let i = 0; i < 2; i++)
        expect(
          (
            await c.post('/blade-auth/token', {
              query: { account: 'admin', password: await saberEncrypt(s.baseUrl, 'admin') },
            })
          ).status,
        ).toBe(200)
      const over = await c.post('/blade-auth/token', {
        query: { account: 'admin', password: await saberEncrypt(s.baseUrl, 'admin') },
      })
      expect([over.status, over.body]).toEqual([429, FAILED('请求过于频繁，请稍后再试', 429)])
      expect(
        (await token(s, { grant_type: 'password', username: 'admin', password: 'x' }, { ip }))
          .status,
      ).toBe(429)
    })
  })
})
