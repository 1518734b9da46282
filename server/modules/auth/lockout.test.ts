import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, freshIp, token } from '../../../tests/support/auth.ts'
import { call } from '../../../tests/support/http.ts'
import { encryptForServer } from '../../../tests/support/login.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../../../tests/support/test-server.ts'
import { accountFailKey } from '../../auth/lockout.ts'

forEachDatabase('auth: lockout and rate limit', (dialect) => {
  describe('lockout', () => {
    let s: TestServer
    beforeAll(async () => {
      s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
    })
    afterAll(() => s?.close())
    const pw = async (username: string, password: string, ip: string) =>
      token(s, { grant_type: 'password', tenantId: '000000', username, password: await encryptForServer(s.baseUrl, password) }, { ip })

    it('locks an account after 5 failures from any IPs, even for the right password', async () => {
      await addUser(s, { account: 'victim', password: 'right' })
      for (let i = 0; i < 5; i++) expect((await pw('victim', 'wrong', freshIp())).body.error_description).toBe('用户名或密码错误')
      const locked = await pw('victim', 'right', freshIp())
      expect(locked.status).toBe(400)
      expect(locked.body).toEqual({ error_code: 400, error_description: '用户登录失败次数过多' })
      // Failures older than 30 minutes no longer count.
      await s.db.updateTable('bladeLoginFailure').set({ failTime: Date.now() - 31 * 60 * 1000 }).where('failKey', '=', accountFailKey('000000', 'victim')).execute()
      expect((await pw('victim', 'right', freshIp())).status).toBe(200)
    })

    it('locks an IP after 5 failures on any accounts', async () => {
      const ip = freshIp()
      await addUser(s, { account: 'bystander', password: 'pw' })
      for (let i = 0; i < 5; i++) await pw(`guess${i}`, 'x', ip)
      const locked = await pw('bystander', 'pw', ip)
      expect(locked.body).toEqual({ error_code: 400, error_description: '用户登录失败次数过多，请稍后再试' })
      expect((await pw('bystander', 'pw', freshIp())).status).toBe(200)
    })

    it('a success clears both counters', async () => {
      const ip = freshIp()
      await addUser(s, { account: 'forgetful', password: 'pw' })
      for (let i = 0; i < 4; i++) await pw('forgetful', 'bad', ip)
      expect((await pw('forgetful', 'pw', ip)).status).toBe(200)
      for (let i = 0; i < 4; i++) await pw('forgetful', 'bad', ip)
      expect((await pw('forgetful', 'pw', ip)).status).toBe(200)
      const left = await s.db.selectFrom('bladeLoginFailure').select('id').where('failKey', 'in', [accountFailKey('000000', 'forgetful'), `ip:${ip}`]).execute()
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
      for (let i = 0; i < 5; i++) expect((await token(s, { grant_type: 'password', username: 'admin', password }, { ip })).status).toBe(200)
      const over = await token(s, { grant_type: 'password', username: 'admin', password }, { ip })
      expect(over.status).toBe(429)
      expect(over.body).toEqual({ error_code: 429, error_description: '请求过于频繁，请稍后再试' })
      expect((await token(s, { grant_type: 'password', username: 'admin', password }, { ip: freshIp() })).status).toBe(200)
    })

    it('limits guest registration and SMS codes the same way, in the envelope', async () => {
      const ip = freshIp()
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const r = await call(s.baseUrl, 'POST', '/api/blade-system/user/register-guest', { query: { tenantId: '000000' }, headers: { 'X-Forwarded-For': ip } })
        statuses.push(r.status)
        if (r.status === 429) expect(r.body).toMatchObject({ code: 429, success: false, msg: '请求过于频繁，请稍后再试' })
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
      for (let i = 0; i < 5; i++) await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/sms/send-validate', { query: { phone: 'x' }, headers: { 'X-Forwarded-For': ip } })
      expect((await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/sms/send-validate', { query: { phone: 'x' }, headers: { 'X-Forwarded-For': ip } })).status).toBe(429)
    })
  })
})
