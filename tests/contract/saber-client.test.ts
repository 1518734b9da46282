// The open-source Saber 4.9 admin against our server: the calls it makes, in its dialect
// (SpringBlade's /blade-auth/token, SM2 passwords, R envelopes), reading the fields it reads.
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { usualLog } from '../../server/log/writer.ts'
import { DEFAULT_AVATAR } from '../../server/modules/auth/saber-token.ts'
import { freshIp } from '../support/auth.ts'
import { saberClient, saberEncrypt, saberLogin, type SaberClient } from '../support/saber.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'

const ADMIN_ID = '1123598821738675201'
const ADMINISTRATOR_ROLE = '1123598816738675201'
const DEPT_COMPANY = '1123598813738675201'
const DEPT_WAREHOUSE = '1123598813738675202'
const FAILED = (msg: string, code = 400) => ({ code, success: false, data: {}, msg })
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** Saber's SET_PERMISSION: the codes of the nodes without children. */
function buttonCodes(nodes: { code: string; children?: unknown[] }[]): string[] {
  return nodes.flatMap((n) => (n.children ? buttonCodes(n.children as typeof nodes) : [n.code]))
}

forEachDatabase('Saber 4.9 client', (dialect) => {
  let s: TestServer
  let saber: SaberClient
  let refreshToken = ''
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
    saber = saberClient(s.baseUrl, freshIp())
  })
  afterAll(() => s?.close())

  const captcha = async (c = saber) => {
    const r = await c.get('/blade-auth/captcha')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      code: 200,
      success: true,
      data: {
        key: expect.any(String),
        image: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      },
    })
    const row = await s.db
      .selectFrom('bladeCaptcha')
      .select('code')
      .where('captchaKey', '=', r.body.data.key)
      .executeTakeFirstOrThrow()
    return { key: r.body.data.key as string, code: row.code }
  }

  it('serves the SM2 public key with type=sm2 and the RSA key without it', async () => {
    const sm2 = await saber.get('/blade-auth/oauth/public-key', { type: 'sm2' })
    expect(sm2.body).toEqual({
      code: 200,
      success: true,
      data: s.keys.sm2.publicKey,
      msg: '操作成功',
    })
    expect(sm2.body.data).toMatch(/^04[0-9a-f]{128}$/)
    expect(JSON.stringify(sm2.body)).not.toContain(s.keys.sm2.privateKey)
    expect((await saber.get('/blade-auth/oauth/public-key')).body.data).toBe(s.keys.rsaPublicKey)
    expect((await saber.get('/blade-auth/oauth/public-key', { type: 'dsa' })).body).toEqual(
      FAILED('不支持的密钥类型，可选 rsa 或 sm2'),
    )
  })

  it('logs in with the captcha and an SM2 password, answering the AuthInfo Saber stores', async () => {
    const r = await saberLogin(saber, s.baseUrl, await captcha())
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ code: 200, success: true, msg: '操作成功' })
    expect(r.body.data).toMatchObject({
      tokenType: 'bearer',
      expiresIn: 3600,
      tenantId: '000000',
      userId: ADMIN_ID,
      account: 'admin',
      userName: '管理员',
      realName: '管理员',
      authority: 'administrator',
      roleId: ADMINISTRATOR_ROLE,
      deptId: DEPT_COMPANY,
      postId: expect.any(String),
      oauthId: '',
      // The seeded admin has no picture: a default one, never an empty <img> in Saber's top bar.
      avatar: DEFAULT_AVATAR,
      license: expect.stringContaining('powered by blade'),
    })
    expect(decodeJwt(r.body.data.accessToken)).toMatchObject({
      token_type: 'access_token',
      user_id: ADMIN_ID,
      client_id: 'saber',
    })
    expect(decodeJwt(r.body.data.refreshToken)).toMatchObject({ token_type: 'refresh_token' })
    saber.token = r.body.data.accessToken
    refreshToken = r.body.data.refreshToken
  })

  it('answers failures as R envelopes with the status oauth/token uses', async () => {
    const other = saberClient(s.baseUrl, freshIp())
    const wrong = await saberLogin(other, s.baseUrl, await captcha(other), 'admin', 'wrong')
    expect([wrong.status, wrong.body]).toEqual([400, FAILED('用户名或密码错误')])
    const badCaptcha = await saberLogin(other, s.baseUrl, {
      key: (await captcha(other)).key,
      code: 'zzzzz',
    })
    expect([badCaptcha.status, badCaptcha.body]).toEqual([400, FAILED('验证码不正确')])
    // Without grantType SpringBlade uses the password grant; an RSA or plain password is no SM2 ciphertext.
    const plain = await other.post('/blade-auth/token', {
      query: { tenantId: '000000', account: 'admin', password: 'admin' },
    })
    expect([plain.status, plain.body]).toEqual([400, FAILED('用户名或密码错误')])
    const tenant = await other.post('/blade-auth/token', {
      query: {
        grantType: 'password',
        tenantId: '999999',
        account: 'admin',
        password: await saberEncrypt(s.baseUrl, 'admin'),
      },
    })
    expect([tenant.status, tenant.body]).toEqual([400, FAILED('租户信息错误')])
    const grant = await other.post('/blade-auth/token', {
      query: { grantType: 'sms_code', account: 'admin' },
    })
    expect([grant.status, grant.body]).toEqual([400, FAILED('不支持的授权类型: sms_code')])
    const noAccount = await other.post('/blade-auth/token', {
      query: { grantType: 'password', password: 'x' },
    })
    expect([noAccount.status, noAccount.body]).toEqual([400, FAILED('缺少必要的请求参数: account')])
    const client = await other.post('/blade-auth/token', {
      headers: { Authorization: `Basic ${Buffer.from('saber:nope').toString('base64')}` },
      query: { account: 'admin', password: 'x' },
    })
    expect([client.status, client.body]).toEqual([401, FAILED('客户端认证失败', 401)])
  })

  it('refreshes with refreshToken as Saber does (no tenant), once per refresh token', async () => {
    const r = await saber.post('/blade-auth/token', {
      query: { refreshToken, grantType: 'refresh_token', scope: 'all' },
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      userId: ADMIN_ID,
      account: 'admin',
      authority: 'administrator',
      tokenType: 'bearer',
      roleId: ADMINISTRATOR_ROLE,
    })
    expect(decodeJwt(r.body.data.accessToken).sid).toBe(decodeJwt(saber.token).sid)
    saber.token = r.body.data.accessToken
    refreshToken = r.body.data.refreshToken
    expect(
      (await saber.post('/blade-auth/token', { query: { grantType: 'refresh_token' } })).body,
    ).toEqual(FAILED('缺少必要的请求参数: refreshToken'))

    // A used refresh token is refused (and ends its session: shown on a login of its own).
    const other = saberClient(s.baseUrl, freshIp())
    const login = await other.post('/blade-auth/token', {
      query: {
        grantType: 'password',
        tenantId: '000000',
        account: 'admin',
        password: await saberEncrypt(s.baseUrl, 'admin'),
      },
    })
    expect(login.status).toBe(200)
    const used = login.body.data.refreshToken
    expect(
      (
        await other.post('/blade-auth/token', {
          query: { refreshToken: used, grantType: 'refresh_token' },
        })
      ).status,
    ).toBe(200)
    const again = await other.post('/blade-auth/token', {
      query: { refreshToken: used, grantType: 'refresh_token' },
    })
    expect([again.status, again.body]).toEqual([400, FAILED('令牌已失效，请重新登录')])
  })

  it("two tabs: the one whose sibling refreshed first sends a spent refresh token with the session's access token, and keeps the session", async () => {
    const tabs = saberClient(s.baseUrl, freshIp())
    const login = await tabs.post('/blade-auth/token', {
      query: {
        grantType: 'password',
        tenantId: '000000',
        account: 'admin',
        password: await saberEncrypt(s.baseUrl, 'admin'),
      },
    })
    // Each tab's store loaded this refresh token; the access token lives in the cookie they share.
    const loaded = login.body.data.refreshToken
    tabs.token = login.body.data.accessToken
    const refresh = (c: SaberClient, refreshToken: string) =>
      c.post('/blade-auth/token', {
        query: { refreshToken, grantType: 'refresh_token', scope: 'all' },
      })
    const a = await refresh(tabs, loaded)
    expect(a.body).toMatchObject({ code: 200, success: true })
    tabs.token = a.body.data.accessToken
    // Tab B's timer fires later, with its store's (spent) refresh token and the cookie's access token.
    const b = await refresh(tabs, loaded)
    expect(b.body).toMatchObject({
      code: 200,
      success: true,
      data: { userId: ADMIN_ID, account: 'admin' },
    })
    expect(decodeJwt(b.body.data.accessToken).sid).toBe(decodeJwt(a.body.data.accessToken).sid)
    tabs.token = b.body.data.accessToken
    expect((await tabs.get('/blade-system/menu/buttons')).status).toBe(200)
    // Tab A's own refresh token was not spent by B's refresh.
    expect((await refresh(tabs, a.body.data.refreshToken)).body).toMatchObject({
      code: 200,
      success: true,
    })
    // The spent token with an access token of another session (or none, above) was copied: the session ends.
    const elsewhere = saberClient(s.baseUrl, freshIp())
    elsewhere.token = saber.token
    expect((await refresh(elsewhere, loaded)).body).toEqual(FAILED('令牌已失效，请重新登录'))
    expect((await tabs.get('/blade-system/menu/buttons')).status).toBe(401)
    expect((await saber.get('/blade-system/menu/buttons')).status).toBe(200)
  })

  it('loads the shell: routes (all and per top menu), top menus and button codes', async () => {
    const routes = await saber.get('/blade-system/menu/routes')
    expect(routes.body).toMatchObject({ code: 200, success: true })
    const system = routes.body.data.find((m: { code: string }) => m.code === 'system')
    expect(system).toMatchObject({ name: '系统管理', path: '/system', parentId: '0', category: 1 })
    expect(system.children.map((m: { path: string }) => m.path)).toEqual(
      expect.arrayContaining(['/system/user', '/system/dept', '/system/dict', '/system/param']),
    )
    const top = await saber.get('/blade-system/menu/top-menu')
    const systemTop = top.body.data.find((t: { code: string }) => t.code === 'system')
    expect(systemTop).toMatchObject({
      id: expect.any(String),
      name: '系统管理',
      source: expect.any(String),
    })
    const scoped = await saber.get('/blade-system/menu/routes', { topMenuId: systemTop.id })
    expect(scoped.body.data.map((m: { code: string }) => m.code)).toContain('system')
    expect(scoped.body.data.length).toBeLessThan(routes.body.data.length)
    const codes = buttonCodes((await saber.get('/blade-system/menu/buttons')).body.data)
    expect(codes).toEqual(
      expect.arrayContaining([
        'user_add',
        'user_edit',
        'user_delete',
        'dept_add',
        'param_add',
        'param_edit',
        'param_delete',
      ]),
    )
  })

  it('user screen: list, detail and an update that sends the detail back, as the edit form does', async () => {
    const list = await saber.get('/blade-system/user/list', {
      current: '1',
      size: '10',
      account: 'ware',
    })
    expect(list.body.data.total).toBe(1)
    const row = list.body.data.records[0]
    expect(row).toMatchObject({
      account: 'warehouse',
      roleName: '仓库管理员',
      deptName: '仓库部',
      tenantId: '000000',
    })
    expect(row.password).toBeUndefined()
    const detail = (await saber.get('/blade-system/user/detail', { id: row.id })).body.data
    expect(detail).toMatchObject({ id: row.id, account: 'warehouse', deptId: DEPT_WAREHOUSE })
    // Saber splits the id lists for its selects and joins them again before posting; avue adds $ labels.
    const updated = await saber.post('/blade-system/user/update', {
      json: { ...detail, realName: 'Trần Văn Kho', $sex: '男' },
    })
    expect(updated.body).toMatchObject({ code: 200, success: true })
    expect((await saber.get('/blade-system/user/detail', { id: row.id })).body.data).toMatchObject({
      realName: 'Trần Văn Kho',
      account: 'warehouse',
      roleId: detail.roleId,
    })
  })

  it('user screen: adds a user as the add form posts it (password typed twice, empty optional fields), who then logs in', async () => {
    const postId = (await saber.get('/blade-system/post/select', { tenantId: '000000' })).body
      .data[0].id
    const form = {
      account: 'saber_user',
      tenantId: '000000',
      password: 'typed-pass-1',
      password2: 'typed-pass-1',
      name: '试用',
      realName: 'Saber 试用',
      roleId: ADMINISTRATOR_ROLE,
      deptId: DEPT_WAREHOUSE,
      code: '',
      postId,
      phone: '',
      email: '',
      sex: '',
      birthday: '',
      statusName: '',
    }
    const added = await saber.post('/blade-system/user/submit', { json: form })
    expect(added.body, added.body.msg).toMatchObject({ code: 200, success: true })
    const row = (
      await saber.get('/blade-system/user/list', {
        current: '1',
        size: '10',
        account: 'saber_user',
      })
    ).body.data.records[0]
    expect(row).toMatchObject({ account: 'saber_user', realName: 'Saber 试用', deptName: '仓库部' })
    const other = saberClient(s.baseUrl, freshIp())
    const login = await other.post('/blade-auth/token', {
      query: {
        grantType: 'password',
        tenantId: '000000',
        account: 'saber_user',
        password: await saberEncrypt(s.baseUrl, 'typed-pass-1'),
      },
    })
    expect(login.body.data).toMatchObject({ account: 'saber_user', deptId: DEPT_WAREHOUSE })
    expect(
      (await saber.post('/blade-system/user/remove', { query: { ids: row.id } })).body,
    ).toMatchObject({ code: 200, success: true })
  })

  it('form selectors: dept tree, role tree, posts and tenants', async () => {
    const depts = (await saber.get('/blade-system/dept/tree', { tenantId: '000000' })).body.data
    expect(depts[0]).toMatchObject({
      id: DEPT_COMPANY,
      title: '越南电商',
      value: DEPT_COMPANY,
      key: DEPT_COMPANY,
    })
    expect(depts[0].children.map((d: { title: string }) => d.title)).toContain('仓库部')
    const roles = (await saber.get('/blade-system/role/tree', { tenantId: '000000' })).body.data
    expect(roles).toContainEqual(
      expect.objectContaining({
        id: ADMINISTRATOR_ROLE,
        title: '超级管理员',
        value: ADMINISTRATOR_ROLE,
      }),
    )
    const posts = (await saber.get('/blade-system/post/select', { tenantId: '000000' })).body.data
    expect(posts).toContainEqual(
      expect.objectContaining({ id: expect.any(String), postName: '首席执行官' }),
    )
    const tenants = (await saber.get('/blade-system/tenant/select')).body.data
    expect(tenants).toContainEqual(
      expect.objectContaining({ tenantId: '000000', tenantName: expect.any(String) }),
    )
  })

  it('role screen: the grant trees, the keys a role holds and a grant', async () => {
    const tree = (await saber.get('/blade-system/menu/grant-tree')).body.data
    expect(Object.keys(tree).sort()).toEqual(['apiScope', 'dataScope', 'menu'])
    expect(tree.menu.map((m: { title: string }) => m.title)).toContain('系统管理')
    const keys = (
      await saber.get('/blade-system/menu/role-tree-keys', { roleIds: ADMINISTRATOR_ROLE })
    ).body.data
    expect(keys.menu.length).toBeGreaterThan(50)
    expect(keys.menu.every((id: unknown) => typeof id === 'string')).toBe(true)
    expect(Array.isArray(keys.dataScope) && Array.isArray(keys.apiScope)).toBe(true)
    // A new role granted the checked keys of the three trees, as the grant dialog posts them.
    const role = await saber.post('/blade-system/role/submit', {
      json: { roleName: 'Saber 角色', roleAlias: 'saber_role', tenantId: '000000', sort: 9 },
    })
    expect(role.body).toMatchObject({ code: 200, success: true })
    const roleId = (
      await saber.get('/blade-system/role/tree', { tenantId: '000000' })
    ).body.data.find((r: { title: string }) => r.title === 'Saber 角色').id
    const system = tree.menu.find((m: { title: string }) => m.title === '系统管理')
    const menuIds = [system.id, system.children[0].id]
    const granted = await saber.post('/blade-system/role/grant', {
      json: { roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] },
    })
    expect(granted.body).toMatchObject({ code: 200, success: true })
    expect(
      (await saber.get('/blade-system/menu/role-tree-keys', { roleIds: roleId })).body.data,
    ).toEqual({ menu: expect.arrayContaining(menuIds), dataScope: [], apiScope: [] })
  })

  it('menu screen: list, parent tree and detail', async () => {
    const list = (await saber.get('/blade-system/menu/list', { current: '1', size: '10' })).body
      .data
    const system = list.find((m: { code: string }) => m.code === 'system')
    const user = system.children.find((m: { code: string }) => m.code === 'user')
    expect(user.children.map((b: { code: string }) => b.code)).toContain('user_add')
    const tree = (await saber.get('/blade-system/menu/tree')).body.data
    expect(tree.find((n: { id: string }) => n.id === system.id)).toMatchObject({
      title: '系统管理',
      value: system.id,
    })
    const detail = (await saber.get('/blade-system/menu/detail', { id: user.id })).body.data
    expect(detail).toMatchObject({
      id: user.id,
      code: 'user',
      path: '/system/user',
      parentName: '系统管理',
      category: 1,
    })
  })

  it('dict screen: list and parent tree', async () => {
    const list = (await saber.get('/blade-system/dict/list', { current: '1', size: '10' })).body
      .data
    const sex = list.find((d: { code: string }) => d.code === 'sex')
    expect(sex.children.map((d: { dictValue: string }) => d.dictValue)).toEqual(
      expect.arrayContaining(['男', '女']),
    )
    const tree = (await saber.get('/blade-system/dict/tree', { code: 'DICT' })).body.data
    expect(tree.find((n: { id: string }) => n.id === sex.id)).toMatchObject({
      title: sex.dictValue,
      value: sex.id,
    })
  })

  it('dept screen: adds a dept without deptCategory (Saber has none), taking the parent category or 1 at the top', async () => {
    const stored = async (id: string) =>
      s.db
        .selectFrom('bladeDept')
        .select(['deptCategory', 'parentId', 'ancestors'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    const child = await saber.post('/blade-system/dept/submit', {
      json: {
        deptName: '仓库二组',
        fullName: '越南电商仓库二组',
        parentId: DEPT_WAREHOUSE,
        sort: 3,
        remark: '',
        tenantId: '000000',
        $tenantId: '管理组',
      },
    })
    expect(child.body).toMatchObject({ code: 200, success: true })
    const warehouse = await stored(DEPT_WAREHOUSE)
    expect(warehouse.deptCategory).not.toBe(1)
    expect(await stored(child.body.data.id)).toEqual({
      deptCategory: warehouse.deptCategory,
      parentId: DEPT_WAREHOUSE,
      ancestors: `0,${DEPT_COMPANY},${DEPT_WAREHOUSE}`,
    })
    const top = await saber.post('/blade-system/dept/submit', {
      json: { deptName: '河内分公司', fullName: '越南电商河内分公司', sort: 9, tenantId: '000000' },
    })
    expect(top.body).toMatchObject({ code: 200, success: true })
    expect(await stored(top.body.data.id)).toMatchObject({ deptCategory: 1, parentId: '0' })
    const tree = (await saber.get('/blade-system/dept/tree', { tenantId: '000000' })).body.data
    expect(tree.map((d: { title: string }) => d.title)).toContain('河内分公司')
  })

  it('param screen: add, edit and remove', async () => {
    const added = await saber.post('/blade-system/param/submit', {
      json: { paramName: 'Saber 参数', paramKey: 'saber.test', paramValue: '1', remark: '' },
    })
    expect(added.body).toMatchObject({ code: 200, success: true })
    const list = await saber.get('/blade-system/param/list', {
      current: '1',
      size: '10',
      paramKey: 'saber.test',
    })
    expect(list.body.data.records).toHaveLength(1)
    const row = list.body.data.records[0]
    expect(row).toMatchObject({ paramName: 'Saber 参数', paramValue: '1' })
    expect(
      (await saber.post('/blade-system/param/submit', { json: { ...row, paramValue: '2' } })).body,
    ).toMatchObject({ code: 200, success: true })
    expect(
      await s.db
        .selectFrom('bladeParam')
        .select(['paramValue', 'isDeleted'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ paramValue: '2', isDeleted: 0 })
    expect(
      (await saber.post('/blade-system/param/remove', { query: { ids: row.id } })).body,
    ).toMatchObject({ code: 200, success: true })
    expect(
      (
        await saber.get('/blade-system/param/list', {
          current: '1',
          size: '10',
          paramKey: 'saber.test',
        })
      ).body.data.total,
    ).toBe(0)
  })

  it('log screens: usual, api and error lists and details', async () => {
    await usualLog(s.db, { level: 'info', logId: 'saber', data: 'Saber 日志', createBy: 'admin' })
    const cases = [
      ['usual', { logId: 'saber' }],
      ['api', { requestUri: '/api/blade-system/param/remove' }],
      ['error', { requestUri: '/api/blade-auth/token' }],
    ] as const
    for (const [kind, where] of cases) {
      const list = await saber.get(`/blade-log/${kind}/list`, {
        current: '1',
        size: '10',
        ...where,
      })
      expect(list.body.data.total, kind).toBeGreaterThan(0)
      const row = list.body.data.records[0]
      expect(row, kind).toMatchObject(where)
      expect(
        (await saber.get(`/blade-log/${kind}/detail`, { id: row.id })).body.data,
        kind,
      ).toMatchObject({ id: row.id, ...where })
    }
  })

  it('own info page: uploads an avatar, saves the profile with it (the top bar shows it after a refresh), changes the password', async () => {
    expect(DEFAULT_AVATAR).toMatch(/^data:image\/svg\+xml;base64,/)
    const info = (await saber.get('/blade-system/user/info')).body.data
    expect(info).toMatchObject({ id: ADMIN_ID, avatar: '', realName: '管理员' })
    // The el-upload of the page posts the file itself, with the token, and reads data.link.
    const form = new FormData()
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png')
    const res = await fetch(`${s.baseUrl}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      body: form,
      headers: {
        'Blade-Auth': `bearer ${saber.token}`,
        'Blade-Requested-With': 'BladeHttpRequest',
      },
    })
    const link = ((await res.json()) as { data: { link: string } }).data.link
    expect(link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\//)
    // The page's infoForm: no version, the fields it showed.
    const saved = await saber.post('/blade-system/user/update-info', {
      json: {
        id: info.id,
        avatar: link,
        name: info.name,
        realName: info.realName,
        phone: info.phone,
        email: info.email,
      },
    })
    expect(saved.body).toMatchObject({ code: 200, success: true })
    const r = await saber.post('/blade-auth/token', {
      query: { refreshToken, grantType: 'refresh_token', scope: 'all' },
    })
    expect(r.body.data.avatar).toBe(link)
    saber.token = r.body.data.accessToken
    refreshToken = r.body.data.refreshToken
    // Saber sends the passwords as typed, in the query.
    const change = (oldPassword: string, newPassword: string) =>
      saber.post('/blade-system/user/update-password', {
        query: { oldPassword, newPassword, newPassword1: newPassword },
      })
    expect((await change('admin', 'admin-saber-1')).body).toMatchObject({
      code: 200,
      success: true,
    })
    expect((await change('admin', 'admin-saber-2')).body).toEqual(FAILED('原密码不正确!'))
    expect((await change('admin-saber-1', 'admin')).body).toMatchObject({
      code: 200,
      success: true,
    })
  })

  it('logs out: the access and refresh tokens are refused afterwards', async () => {
    const r = await saber.post('/blade-auth/logout')
    expect([r.status, r.body]).toEqual([
      200,
      { code: 200, success: true, data: {}, msg: '操作成功' },
    ])
    const after = await saber.get('/blade-system/menu/buttons')
    expect(after.status).toBe(401)
    expect(after.body).toMatchObject({ code: 401, success: false })
    const refreshed = await saber.post('/blade-auth/token', {
      query: { refreshToken, grantType: 'refresh_token' },
    })
    expect([refreshed.status, refreshed.body]).toEqual([400, FAILED('令牌已失效，请重新登录')])
    expect((await saber.post('/blade-auth/logout')).status).toBe(401)
  })
})
