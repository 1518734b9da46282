import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addTenant, addUser, token } from '../../../tests/support/auth.ts'
import { call } from '../../../tests/support/http.ts'
import { encryptForServer } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { nextId } from '../../core/ids.ts'

forEachDatabase('auth: sms login and registration', (dialect) => {
  let s: TestServer
  const enc = (plain: string) => encryptForServer(s.baseUrl, plain)
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
  })
  afterAll(() => s?.close())

  describe('sms_code grant', () => {
    const send = (phone: string, tenantId = '000000') =>
      call(s.baseUrl, 'POST', '/api/blade-auth/oauth/sms/send-validate', {
        form: { tenantId, phone },
      })
    const smsLogin = async (phone: string, id: string, value: string) =>
      token(s, { grant_type: 'sms_code', tenantId: '000000', phone: await enc(phone), id, value })
    const codeOf = async (id: string) =>
      await s.db
        .selectFrom('bladeSmsCode')
        .select(['code', 'expiresAt', 'phone'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()

    it('sends a 6-digit code valid 5 minutes and logs in with it once', async () => {
      await addUser(s, { account: 'mobile', password: 'pw', phone: '13800000001' })
      const sent = await send(await enc('13800000001'))
      expect(sent.status).toBe(200)
      expect(sent.body).toMatchObject({
        code: 200,
        success: true,
        data: { id: expect.stringMatching(/^\d+$/) },
      })
      const row = await codeOf(sent.body.data.id)
      expect(row.code).toMatch(/^\d{6}$/)
      expect(row.phone).toBe('13800000001')
      expect(row.expiresAt - Date.now()).toBeGreaterThan(4 * 60 * 1000)
      expect(row.expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000)

      const ok = await smsLogin('13800000001', sent.body.data.id, row.code)
      expect(ok.status).toBe(200)
      expect(ok.body).toMatchObject({
        account: 'mobile',
        real_name: 'mobile-real',
        token_type: 'bearer',
      })
      const reused = await smsLogin('13800000001', sent.body.data.id, row.code)
      expect(reused.body).toEqual({ error_code: 400, error_description: '验证码不正确' })
    })

    it('refuses a wrong code, an expired one and another phone; burns a code after 5 wrong guesses', async () => {
      await addUser(s, { account: 'mobile2', password: 'pw', phone: '13800000002' })
      const sent = await send('13800000002')
      const { code } = await codeOf(sent.body.data.id)
      const wrong = code === '000000' ? '111111' : '000000'
      expect((await smsLogin('13800000001', sent.body.data.id, code)).body.error_description).toBe(
        '验证码不正确',
      )
      for (let i = 0; i < 4; i++)
        expect(
          (await smsLogin('13800000002', sent.body.data.id, wrong)).body.error_description,
        ).toBe('验证码不正确')
      expect((await smsLogin('13800000002', sent.body.data.id, code)).body.error_description).toBe(
        '验证码不正确',
      )

      await addUser(s, { account: 'mobile3', password: 'pw', phone: '13800000003' })
      const late = await send('13800000003')
      const row = await codeOf(late.body.data.id)
      await s.db
        .updateTable('bladeSmsCode')
        .set({ expiresAt: Date.now() - 1 })
        .where('id', '=', late.body.data.id)
        .execute()
      expect(
        (await smsLogin('13800000003', late.body.data.id, row.code)).body.error_description,
      ).toBe('验证码不正确')
    })

    it('sends at most one code a minute per phone, and only to registered phones', async () => {
      await addUser(s, { account: 'mobile4', password: 'pw', phone: '13800000004' })
      expect((await send('13800000004')).status).toBe(200)
      const again = await send('13800000004')
      expect(again.status).toBe(400)
      expect(again.body).toMatchObject({
        code: 400,
        success: false,
        msg: '验证码发送过于频繁，请稍后再试',
      })
      const unknown = await send('13899999999')
      expect(unknown.body).toMatchObject({ code: 400, msg: '手机号未注册' })
      expect((await send('abc')).body.msg).toBe('手机号格式不正确')
      expect(
        (await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/sms/send-validate')).body.msg,
      ).toBe('缺少必要的请求参数: phone')
      expect((await send('13800000004', '777777')).body.msg).toBe('租户信息错误')
    })
  })

  describe('register grant', () => {
    const register = async (fields: Record<string, string>) =>
      token(s, {
        grant_type: 'register',
        tenantId: '000000',
        name: '新用户',
        username: 'newbie',
        password: await enc('pw-123'),
        phone: await enc('13900000001'),
        email: 'n@example.com',
        ...fields,
      })

    it('creates a user awaiting audit and issues no tokens', async () => {
      const r = await register({})
      expect(r.status).toBe(200)
      expect(r.body).toEqual({
        success: true,
        msg: '注册成功，请等待管理员审核',
        tenant_id: '000000',
        user_id: expect.stringMatching(/^\d+$/),
        account: 'newbie',
      })
      const user = await s.db
        .selectFrom('bladeUser')
        .selectAll()
        .where('id', '=', r.body.user_id)
        .executeTakeFirstOrThrow()
      expect(user).toMatchObject({
        account: 'newbie',
        name: '新用户',
        realName: '新用户',
        phone: '13900000001',
        email: 'n@example.com',
        status: 0,
        roleId: '',
        deptId: '',
        postId: '',
        tenantId: '000000',
      })
      expect(user.password).toMatch(/^scrypt\$/)
      const login = await token(s, {
        grant_type: 'password',
        username: 'newbie',
        password: await enc('pw-123'),
      })
      expect(login.body).toEqual({
        error_code: 400,
        error_description: '账号正在审核中，请联系管理员',
      })
    })

    it('refuses a taken account, an unknown tenant and bad input', async () => {
      expect((await register({})).body).toEqual({
        error_code: 400,
        error_description: '当前账号已被使用!',
      })
      expect(
        (await register({ username: 'other', tenantId: '424242' })).body.error_description,
      ).toBe('租户信息错误')
      expect(
        (await register({ username: 'other', password: 'plain' })).body.error_description,
      ).toBe('密码解密失败，请刷新页面后重试')
      expect((await register({ username: 'other', email: 'nope' })).body.error_description).toBe(
        '邮箱格式不正确',
      )
      expect((await register({ username: 'x'.repeat(46) })).body.error_description).toBe(
        '账号长度不能超过45个字符',
      )
      expect((await register({ username: '' })).body.error_description).toBe(
        '缺少必要的请求参数: username',
      )
    })

    it('respects the tenant account quota', async () => {
      await addTenant(s, '300001')
      await s.db
        .updateTable('bladeTenant')
        .set({ accountNumber: 1 })
        .where('tenantId', '=', '300001')
        .execute()
      expect((await register({ tenantId: '300001', username: 'first' })).status).toBe(200)
      expect(
        (await register({ tenantId: '300001', username: 'second' })).body.error_description,
      ).toBe('当前租户已到最大账号额度!')
    })
  })

  describe('register-guest', () => {
    const guest = async (fields: Record<string, string>) =>
      call(s.baseUrl, 'POST', '/api/blade-system/user/register-guest', {
        query: {
          tenantId: '000000',
          name: '访客',
          account: 'guest1',
          password: await enc('pw'),
          ...fields,
        },
      })

    it('creates a user awaiting audit and binds the social login', async () => {
      const oauthId = nextId()
      await s.db
        .insertInto('bladeUserOauth')
        .values({
          id: oauthId,
          tenantId: '000000',
          uuid: 'gh-1',
          userId: '-1',
          source: 'github',
          username: 'octo',
          nickname: 'Octo',
          avatar: null,
        })
        .execute()
      const r = await guest({ oauthId })
      expect(r.status).toBe(200)
      expect(r.body).toEqual({
        code: 200,
        success: true,
        data: {},
        msg: '注册成功，请等待管理员审核',
      })
      const user = await s.db
        .selectFrom('bladeUser')
        .selectAll()
        .where('account', '=', 'guest1')
        .executeTakeFirstOrThrow()
      expect(user).toMatchObject({
        status: 0,
        roleId: '',
        deptId: '',
        postId: '',
        name: '访客',
        tenantId: '000000',
      })
      const bound = await s.db
        .selectFrom('bladeUserOauth')
        .select('userId')
        .where('id', '=', oauthId)
        .executeTakeFirstOrThrow()
      expect(bound.userId).toBe(user.id)
      expect((await guest({ account: 'guest9', oauthId })).body.msg).toBe('第三方登陆信息错误!')
    })

    it('answers missing tenant, taken account and bad oauth id with 400', async () => {
      expect((await guest({ tenantId: '' })).body).toMatchObject({
        code: 400,
        success: false,
        msg: '请输入租户ID',
      })
      expect((await guest({})).body).toMatchObject({ code: 400, msg: '当前账号已被使用!' })
      expect((await guest({ account: 'guest2', oauthId: '12345' })).body.msg).toBe(
        '第三方登陆信息错误!',
      )
      expect((await guest({ account: '' })).body.msg).toBe('缺少必要的请求参数: account')
      expect((await guest({ account: 'guest3', password: 'not-encrypted' })).body.msg).toBe(
        '密码解密失败，请刷新页面后重试',
      )
      expect(
        await s.db
          .selectFrom('bladeUser')
          .select('id')
          .where('account', 'in', ['guest2', 'guest3'])
          .execute(),
      ).toEqual([])
    })
  })
})
