// User management over real HTTP: create with the password as typed, unique accounts, the tenant
// account number, filters (dept and below), detail without the password, reset, grant, unlock,
// audit, platform settings and remove.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { accountFailKey } from '../../auth/lockout.ts'
import {
  DEPT_COMPANY,
  DEPT_WAREHOUSE,
  POST_CEO,
  ROLE_FINANCE,
  ROLE_WAREHOUSE,
  USER_WAREHOUSE,
} from '../../seed/ids.ts'
import { startAdminHarness, type AdminHarness } from '../../../tests/support/admin-harness.ts'
import { addUser, freshIp, token } from '../../../tests/support/auth.ts'
import { encryptForServer, loginAs } from '../../../tests/support/login.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'

forEachDatabase('system user administration', (dialect) => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
  })
  afterAll(() => h?.s.close())

  const newUser = (account: string, extra: Record<string, unknown> = {}) => ({
    account,
    password: 'Pa55 word!',
    name: account,
    realName: `${account}-real`,
    roleId: ROLE_WAREHOUSE,
    deptId: DEPT_WAREHOUSE,
    postId: POST_CEO,
    sex: 1,
    ...extra,
  })

  let created: string
  it('creates a user whose password works as typed at once; the detail never carries the password', async () => {
    const r = await h.post('/blade-system/user/submit', {
      json: newUser('linh', { phone: '09123456789', roleId: [ROLE_WAREHOUSE, ROLE_FINANCE] }),
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    created = r.body.data.id
    expect(r.body.data).toMatchObject({
      account: 'linh',
      status: 1,
      tenantId: '000000',
      roleId: `${ROLE_WAREHOUSE},${ROLE_FINANCE}`,
      roleName: '仓库管理员,财务',
      deptName: '仓库部',
      postName: '首席执行官',
      sexName: '男',
    })
    expect(r.body.data).not.toHaveProperty('password')
    expect((await loginAs(h.s.baseUrl, 'linh', 'Pa55 word!')).account).toBe('linh')
    const d = await h.get('/blade-system/user/detail', { id: created })
    expect(d.body.data).toMatchObject({ id: created, realName: 'linh-real', phone: '09123456789' })
    expect(d.body.data).not.toHaveProperty('password')
  })

  it('keeps the password on an update without one and changes it when given', async () => {
    expect(
      (
        await h.post('/blade-system/user/update', {
          json: { id: created, realName: '阿玲', password: '' },
        })
      ).status,
    ).toBe(200)
    expect((await loginAs(h.s.baseUrl, 'linh', 'Pa55 word!')).real_name).toBe('阿玲')
    expect(
      (await h.post('/blade-system/user/update', { json: { id: created, password: 'next-one' } }))
        .status,
    ).toBe(200)
    expect((await loginAs(h.s.baseUrl, 'linh', 'next-one')).account).toBe('linh')
    expect((await h.post('/blade-system/user/update', { json: { realName: 'x' } })).status).toBe(
      400,
    )
  })

  it('refuses a duplicate account, missing fields, unknown roles — and writes nothing', async () => {
    const count = async () => (await h.s.db.selectFrom('bladeUser').select('id').execute()).length
    const before = await count()
    const dup = await h.post('/blade-system/user/submit', { json: newUser('linh') })
    expect(dup.status).toBe(400)
    expect(dup.body.msg).toBe('当前账号已被使用!')
    const missing = await h.post('/blade-system/user/submit', {
      json: {
        account: 'nopw',
        name: 'n',
        realName: 'n',
        roleId: ROLE_WAREHOUSE,
        deptId: DEPT_WAREHOUSE,
        postId: POST_CEO,
      },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toContain('请输入密码')
    expect(
      (await h.post('/blade-system/user/submit', { json: newUser('ghostrole', { roleId: '42' }) }))
        .body.msg,
    ).toContain('角色')
    expect(
      (await h.post('/blade-system/user/submit', { json: newUser('badphone', { phone: '12' }) }))
        .body.msg,
    ).toContain('请输入正确的手机号')
    // Renaming another user onto a taken account is refused as well.
    expect(
      (await h.post('/blade-system/user/update', { json: { id: USER_WAREHOUSE, account: 'linh' } }))
        .body.msg,
    ).toBe('当前账号已被使用!')
    expect(await count()).toBe(before)
  })

  it('stops at the tenant account number', async () => {
    const t = await h.newTenant('额度租户')
    expect(
      (await h.post('/blade-system/tenant/setting', { query: { ids: t.id, accountNumber: '2' } }))
        .status,
    ).toBe(200)
    const roles = await h.get('/blade-system/role/tree', {}, t.token)
    const depts = await h.get('/blade-system/dept/tree', {}, t.token)
    const posts = await h.get('/blade-system/post/select', { tenantId: '000000' }, t.token)
    expect(posts.body.data).toEqual([
      expect.objectContaining({ postCode: 'ceo', postName: '首席执行官' }),
    ])
    // The administrator may ask for another tenant's posts.
    expect(
      (await h.get('/blade-system/post/select', { tenantId: t.tenantId })).body.data.map(
        (p: { id: string }) => p.id,
      ),
    ).toEqual([posts.body.data[0].id])
    expect(
      (await h.get('/blade-system/post/select')).body.data.map(
        (p: { postCode: string }) => p.postCode,
      ),
    ).toContain('wh_manager')
    const body = (account: string) =>
      newUser(account, {
        roleId: roles.body.data[0].id,
        deptId: depts.body.data[0].id,
        postId: posts.body.data[0].id,
      })
    expect(
      (await h.post('/blade-system/user/submit', { json: body('second'), token: t.token })).status,
    ).toBe(200)
    const third = await h.post('/blade-system/user/submit', { json: body('third'), token: t.token })
    expect(third.status).toBe(400)
    expect(third.body.msg).toBe('当前租户已到最大账号额度!')
    // A tenant admin cannot reach tenant 000000's users.
    expect((await h.get('/blade-system/user/detail', { id: created }, t.token)).status).toBe(404)
    const page = await h.get(
      '/blade-system/user/page',
      { tenantId: '000000', size: '100' },
      t.token,
    )
    expect(page.body.data.records.map((u: { tenantId: string }) => u.tenantId)).toEqual([
      t.tenantId,
      t.tenantId,
    ])
  })

  it('filters by account, real name, status and a dept with the depts below it', async () => {
    const child = await h.post('/blade-system/dept/submit', {
      json: {
        parentId: DEPT_WAREHOUSE,
        deptName: '仓库一组',
        fullName: '仓库一组',
        deptCategory: 3,
        sort: 1,
      },
    })
    expect(child.status, JSON.stringify(child.body)).toBe(200)
    await h.post('/blade-system/user/submit', {
      json: newUser('binh', { deptId: child.body.data.id }),
    })
    const under = await h.get('/blade-system/user/page', { deptId: DEPT_WAREHOUSE, size: '100' })
    expect(under.body.data.records.map((u: { account: string }) => u.account).sort()).toEqual([
      'binh',
      'linh',
      'warehouse',
    ])
    const all = await h.get('/blade-system/user/page', { deptId: DEPT_COMPANY, size: '100' })
    expect(all.body.data.records.map((u: { account: string }) => u.account)).toContain('binh')
    const byName = await h.get('/blade-system/user/list', { realName: 'binh-re', account: 'bi' })
    expect(byName.body.data).toMatchObject({ total: 1, current: 1, size: 10 })
    expect(byName.body.data.records[0].account).toBe('binh')
    expect((await h.get('/blade-system/user/page', { status: '0' })).body.data.total).toBe(0)
    expect((await h.get('/blade-system/user/page', { deptId: 'x' })).status).toBe(400)
  })

  it('resets passwords to account.initPassword and grants roles', async () => {
    // The seeded platform parameter is 123456.
    expect(
      (await h.post('/blade-system/user/reset-password', { query: { userIds: created } })).status,
    ).toBe(200)
    expect((await loginAs(h.s.baseUrl, 'linh', '123456')).account).toBe('linh')
    const seeded = await h.s.db
      .selectFrom('bladeParam')
      .select('id')
      .where('paramKey', '=', 'account.initPassword')
      .executeTakeFirstOrThrow()
    const param = await h.post('/blade-system/param/update', {
      json: { id: seeded.id, paramValue: 'Init-789' },
    })
    expect(param.status, JSON.stringify(param.body)).toBe(200)
    expect(
      (await h.post('/blade-system/user/reset-password', { query: { userIds: created } })).status,
    ).toBe(200)
    expect((await loginAs(h.s.baseUrl, 'linh', 'Init-789')).account).toBe('linh')
    expect(
      (
        await h.post('/blade-system/user/grant', {
          query: { userIds: created, roleIds: ROLE_FINANCE },
        })
      ).status,
    ).toBe(200)
    const login = await loginAs(h.s.baseUrl, 'linh', 'Init-789')
    expect(login.role_id).toBe(ROLE_FINANCE)
    expect(
      (await h.post('/blade-system/user/grant', { query: { userIds: created, roleIds: '123' } }))
        .status,
    ).toBe(400)
    expect((await h.post('/blade-system/user/grant', { query: { userIds: created } })).status).toBe(
      400,
    )
  })

  it('unlocks an account that five failed logins put behind the captcha', async () => {
    const id = await addUser(h.s, { account: 'locked', password: 'right-pw' })
    const pw = async (password: string) =>
      token(
        h.s,
        {
          grant_type: 'password',
          tenantId: '000000',
          username: 'locked',
          password: await encryptForServer(h.s.baseUrl, password),
        },
        { ip: freshIp() },
      )
    for (let i = 0; i < 5; i++) await pw('wrong')
    expect((await pw('right-pw')).body.error_description).toBe('登录失败次数过多，请使用验证码登录')
    const empty = await h.post('/blade-system/user/unlock', { query: { userIds: '' } })
    expect(empty.status).toBe(400)
    expect(empty.body.msg).toBe('请至少选择一个用户')
    expect((await h.post('/blade-system/user/unlock', { query: { userIds: id } })).status).toBe(200)
    expect(
      await h.s.db
        .selectFrom('bladeLoginFailure')
        .select('id')
        .where('failKey', '=', accountFailKey('000000', 'locked'))
        .execute(),
    ).toEqual([])
    expect((await pw('right-pw')).status).toBe(200)
  })

  it('audit pass lets a registered user in; audit refuse keeps them out', async () => {
    const a = await addUser(h.s, { account: 'applicant', password: 'pw-1', status: 0 })
    const b = await addUser(h.s, { account: 'rejected', password: 'pw-2', status: 0 })
    await expect(loginAs(h.s.baseUrl, 'applicant', 'pw-1')).rejects.toThrow('审核')
    expect((await h.get('/blade-system/user/page', { status: '0' })).body.data.total).toBe(2)
    expect((await h.post('/blade-system/user/audit-pass', { query: { userIds: a } })).status).toBe(
      200,
    )
    expect((await loginAs(h.s.baseUrl, 'applicant', 'pw-1')).account).toBe('applicant')
    expect(
      (await h.post('/blade-system/user/audit-refuse', { query: { userIds: b } })).status,
    ).toBe(200)
    expect((await h.get('/blade-system/user/detail', { id: b })).body.data.status).toBe(2)
    await expect(loginAs(h.s.baseUrl, 'rejected', 'pw-2')).rejects.toThrow()
    // Nobody is awaiting audit any more.
    expect((await h.post('/blade-system/user/audit-pass', { query: { userIds: b } })).status).toBe(
      400,
    )
  })

  it('stores platform settings', async () => {
    expect(
      (
        await h.post('/blade-system/user/update-platform', {
          query: { userId: created, userType: '2', userExt: '{"device":"ios"}' },
        })
      ).status,
    ).toBe(200)
    const d = await h.get('/blade-system/user/platform-detail', { id: created })
    expect(d.body.data).toMatchObject({ id: created, userType: 2, userExt: '{"device":"ios"}' })
    expect(
      (
        await h.post('/blade-system/user/update-platform', {
          query: { userId: created, userType: 'x' },
        })
      ).status,
    ).toBe(400)
  })

  it('removes users softly but never oneself; a removed account can be made again', async () => {
    const me = (
      await h.s.db
        .selectFrom('bladeUser')
        .select('id')
        .where('account', '=', 'admin')
        .where('tenantId', '=', '000000')
        .executeTakeFirstOrThrow()
    ).id
    const self = await h.post('/blade-system/user/remove', { query: { ids: me } })
    expect(self.status).toBe(400)
    expect((await h.post('/blade-system/user/remove', { query: { ids: created } })).status).toBe(
      200,
    )
    expect((await h.get('/blade-system/user/detail', { id: created })).status).toBe(404)
    await expect(loginAs(h.s.baseUrl, 'linh', 'Init-789')).rejects.toThrow()
    expect((await h.post('/blade-system/user/submit', { json: newUser('linh') })).status).toBe(200)
  })

  it('refuses the user screens to a working role', async () => {
    const finance = (await loginAs(h.s.baseUrl, 'finance', '123456')).access_token
    expect((await h.get('/blade-system/user/page', {}, finance)).status).toBe(403)
    expect(
      (await h.post('/blade-system/user/submit', { json: newUser('sneaky'), token: finance }))
        .status,
    ).toBe(403)
  })
})
