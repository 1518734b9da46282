import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, freshIp, token } from '../../../tests/support/auth.ts'
import { call } from '../../../tests/support/http.ts'
import { encryptForServer, loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { accountClientFailKey, accountFailKey } from '../../auth/lockout.ts'
import { createRateLimiter } from '../../auth/rate-limit.ts'

forEachDatabase('auth: lockout and rate limit', (dialect) => {
  describe('lockout', () => {
    let s: TestServer
    beforeAll(async () => {
      s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
    })
    afterAll(() => s?.close())
    const pw = async (username: string, password: string, ip: string) =>
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

    const solved = async () => {
      const c = (await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/captcha')).body as {
        key: string
      }
      const row = await s.db
        .selectFrom('bladeCaptcha')
        .select('code')
        .where('captchaKey', '=', c.key)
        .executeTakeFirstOrThrow()
      return { 'Captcha-Key': c.key, 'Captcha-Code': row.code }
    }
    const withCaptcha = async (username: string, password: string, ip: string) =>
      token(
        s,
        {
          grant_type: 'captcha',
          tenantId: '000000',
          username,
          password: await encryptForServer(s.baseUrl, password),
        },
        { ip, headers: await solved() },
      )

    it('strangers cannot lock the owner out (regression: 5 wrong passwords from anyone locked admin for 30 minutes)', async () => {
      await addUser(s, { account: 'victim', password: 'right' })
      for (let i = 0; i < 6; i++)
        expect((await pw('victim', 'wrong', freshIp())).body.error_description).toMatch(
          /用户名或密码错误|请使用验证码登录/,
        )
      // The owner, from their own client, logs in with the captcha the app always sends.
      expect((await withCaptcha('victim', 'right', freshIp())).status).toBe(200)
      // Without a captcha, once the account has failed 5 times, every client is asked for one.
      for (let i = 0; i < 5; i++) await pw('victim', 'wrong', freshIp())
      expect((await pw('victim', 'right', freshIp())).body).toEqual({
        error_code: 400,
        error_description: '登录失败次数过多，请使用验证码登录',
      })
      // Failures older than 30 minutes no longer count.
      await s.db
        .updateTable('bladeLoginFailure')
        .set({ failTime: Date.now() - 31 * 60 * 1000 })
        .where('failKey', '=', accountFailKey('000000', 'victim'))
        .execute()
      expect((await pw('victim', 'right', freshIp())).status).toBe(200)
    })

    it('refuses the client that failed 5 times on one account, even with the captcha and the right password', async () => {
      const ip = freshIp()
      await addUser(s, { account: 'guessed', password: 'right' })
      for (let i = 0; i < 5; i++) await withCaptcha('guessed', 'wrong', ip)
      expect((await withCaptcha('guessed', 'right', ip)).body).toEqual({
        error_code: 400,
        error_description: '用户登录失败次数过多',
      })
      expect((await withCaptcha('guessed', 'right', freshIp())).status).toBe(200)
      // Admin unlock clears the account's counters from every client.
      const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
      const id = (
        await s.db
          .selectFrom('bladeUser')
          .select('id')
          .where('account', '=', 'guessed')
          .executeTakeFirstOrThrow()
      ).id
      expect(
        (
          await call(s.baseUrl, 'POST', '/api/blade-system/user/unlock', {
            token: admin,
            query: { userIds: id },
          })
        ).status,
      ).toBe(200)
      expect((await withCaptcha('guessed', 'right', ip)).status).toBe(200)
    })

    it('asks a client that failed 5 times on any accounts for the captcha, and refuses it at 20', async () => {
      const ip = freshIp()
      await addUser(s, { account: 'bystander', password: 'pw' })
      for (let i = 0; i < 5; i++) await pw(`guess${i}`, 'x', ip)
      expect((await pw('bystander', 'pw', ip)).body).toEqual({
        error_code: 400,
        error_description: '登录失败次数过多，请使用验证码登录',
      })
      expect((await withCaptcha('bystander', 'pw', ip)).status).toBe(200)
      for (let i = 5; i < 20; i++) await withCaptcha(`guess${i}`, 'x', ip)
      expect((await withCaptcha('bystander', 'pw', ip)).body).toEqual({
        error_code: 400,
        error_description: '用户登录失败次数过多，请稍后再试',
      })
      expect((await pw('bystander', 'pw', freshIp())).status).toBe(200)
    })

    it('a success clears the account counters', async () => {
      const ip = freshIp()
      await addUser(s, { account: 'forgetful', password: 'pw' })
      const ip2 = freshIp()
      for (let i = 0; i < 4; i++) await pw('forgetful', 'bad', ip)
      expect((await pw('forgetful', 'pw', ip)).status).toBe(200)
      for (let i = 0; i < 4; i++) await pw('forgetful', 'bad', ip2)
      expect((await pw('forgetful', 'pw', ip2)).status).toBe(200)
      const left = await s.db
        .selectFrom('bladeLoginFailure')
        .select('id')
        .where('failKey', 'in', [
          accountFailKey('000000', 'forgetful'),
          accountClientFailKey('000000', 'forgetful', ip),
          accountClientFailKey('000000', 'forgetful', ip2),
        ])
        .execute()
      expect(left).toEqual([])
    })
  })

  describe('rate limit', () => {
    let s: TestServer
    beforeAll(async () => {
      s = await startTestServer(dialect, { tokenRateLimit: 5 })
    })
    afterAll(() => s?.close())

    it('answers 429 past tokenRateLimit requests a minute from one IP', async () => {
      const ip = freshIp()
      const password = await encryptForServer(s.baseUrl, 'admin')
      for (let i = 0; i < 5; i++)
        expect(
          (await token(s, { grant_type: 'password', username: 'admin', password }, { ip })).status,
        ).toBe(200)
      const over = await token(s, { grant_type: 'password', username: 'admin', password }, { ip })
      expect(over.status).toBe(429)
      expect(over.body).toEqual({ error_code: 429, error_description: '请求过于频繁，请稍后再试' })
      expect(
        (await token(s, { grant_type: 'password', username: 'admin', password }, { ip: freshIp() }))
          .status,
      ).toBe(200)
    })

    it('counts a burst across the turn of a minute like one inside it, and lets the key go a minute later', async () => {
      const limiter = createRateLimiter(s.db, 5)
      const key = `turn:${freshIp()}`
      const turn = Date.UTC(2026, 0, 1, 8, 0)
      const hits = async (at: number, n: number) => {
        const answers: boolean[] = []
        for (let i = 0; i < n; i++) answers.push(await limiter.hit(key, at))
        return answers
      }
      expect(await hits(turn - 1000, 3)).toEqual([true, true, true])
      expect(await hits(turn + 500, 2)).toEqual([true, true])
      // Six hits within 1.5 seconds: the sixth is over the limit though it is the third of its minute.
      expect(await hits(turn + 600, 1)).toEqual([false])
      // A second into the next minute the three hits of this one weigh 59/60 of three: two more fit, a third does not.
      expect(await hits(turn + 61_000, 3)).toEqual([true, true, false])
    })

    it('limits guest registration and SMS codes the same way, in the envelope', async () => {
      const ip = freshIp()
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const r = await call(s.baseUrl, 'POST', '/api/blade-system/user/register-guest', {
          query: { tenantId: '000000' },
          headers: { 'X-Forwarded-For': ip },
        })
        statuses.push(r.status)
        if (r.status === 429)
          expect(r.body).toMatchObject({
            code: 429,
            success: false,
            msg: '请求过于频繁，请稍后再试',
          })
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
      for (let i = 0; i < 5; i++)
        await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/sms/send-validate', {
          query: { phone: 'x' },
          headers: { 'X-Forwarded-For': ip },
        })
      expect(
        (
          await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/sms/send-validate', {
            query: { phone: 'x' },
            headers: { 'X-Forwarded-For': ip },
          })
        ).status,
      ).toBe(429)
    })
  })
})
