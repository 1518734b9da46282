// The generic engine over real HTTP, on the param entity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionToken } from '../../tests/support/tokens.ts'
import { ADMIN_USER_ID, DEPT_COMPANY, ROLE_ADMINISTRATOR } from '../seed/ids.ts'
import { call } from '../../tests/support/http.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'

forEachDatabase('crud engine (param)', (dialect) => {
  let s: TestServer
  let admin: string
  let nobody: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    const base = {
      tenantId: '000000',
      account: 'admin',
      userName: '管理员',
      realName: '管理员',
      deptIds: [DEPT_COMPANY],
      postId: '',
      oauthId: '',
      clientId: 'saber',
    }
    admin = await sessionToken(
      s,
      {
        ...base,
        userId: ADMIN_USER_ID,
        roleIds: [ROLE_ADMINISTRATOR],
        roleAliases: ['administrator'],
      },
      600,
    )
    nobody = await sessionToken(
      s,
      { ...base, userId: '1', account: 'nobody', roleIds: ['999'], roleAliases: ['nobody'] },
      600,
    )
  })
  afterAll(() => s?.close())

  const submit = (json: unknown, token = admin) =>
    call(s.baseUrl, 'POST', '/api/blade-system/param/submit', { json, token })
  const list = (query: Record<string, string>, token = admin) =>
    call(s.baseUrl, 'GET', '/api/blade-system/param/list', { query, token })

  it('creates, reads, updates, lists with filters and removes', async () => {
    const created = await submit({
      paramName: '注册开关',
      paramKey: 'account.registerUser',
      paramValue: 'true',
    })
    expect(created.status).toBe(200)
    const id = created.body.data.id as string
    expect(id).toMatch(/^\d{15,19}$/)
    const detail = await call(s.baseUrl, 'GET', '/api/blade-system/param/detail', {
      query: { id },
      token: admin,
    })
    expect(detail.body.data).toMatchObject({
      id,
      paramKey: 'account.registerUser',
      paramValue: 'true',
      remark: '',
      createUser: ADMIN_USER_ID,
      status: 1,
      isDeleted: 0,
    })

    expect((await submit({ id, paramValue: 'false' })).status).toBe(200)
    // The seed's account.initPassword row is the other one; a second row of its key is refused.
    expect(
      (await submit({ paramName: '初始密码', paramKey: 'account.initPassword', paramValue: '1' }))
        .body.msg,
    ).toBe('参数键名已存在')

    const byLike = await list({ paramKey: 'REGISTER' })
    expect(byLike.body.data.records.map((r: { paramValue: string }) => r.paramValue)).toEqual([
      'false',
    ])
    const byEqual = await list({ paramKey_equal: 'account.initPassword' })
    expect(byEqual.body.data.total).toBe(1)
    const page = await list({ current: '1', size: '1', ascs: 'param_key' })
    // With the seed's account.initPassword, gift.coinValueVnd and job.instanceKeepDays.
    expect(page.body.data).toMatchObject({ total: 4, size: 1, current: 1, pages: 4 })
    expect(page.body.data.records[0].paramKey).toBe('account.initPassword')

    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/param/remove', {
          query: { ids: id },
          token: admin,
        })
      ).status,
    ).toBe(200)
    expect((await list({})).body.data.total).toBe(3)
    expect(
      (
        await call(s.baseUrl, 'GET', '/api/blade-system/param/detail', {
          query: { id },
          token: admin,
        })
      ).status,
    ).toBe(404)
  })

  it('exports the current filter as xlsx', async () => {
    const { readSheetText } = await import('./import/read-sheet.ts')
    const res = await fetch(`${s.baseUrl}/api/blade-system/param/export?paramKey=initPassword`, {
      headers: { 'Blade-Auth': `bearer ${admin}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const rows = await readSheetText(new Uint8Array(await res.arrayBuffer()))
    expect(rows[0]).toEqual(['参数名称', '参数键名', '参数键值'])
    expect(rows.slice(1)).toEqual([['账号初始密码', 'account.initPassword', '123456']])
  })

  describe('bad input answers 400 with a message and writes nothing', () => {
    it.each([
      [{ paramKey: 'k', paramValue: 'v' }, '请输入参数名称'],
      [{ id: 'abc', paramName: 'n', paramKey: 'k', paramValue: 'v' }, 'id'],
      [{ paramName: 'x'.repeat(300), paramKey: 'k', paramValue: 'v' }, '255'],
    ])('%j', async (json, text) => {
      const before = (await list({})).body.data.total
      const r = await submit(json)
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ code: 400, success: false })
      expect(r.body.msg).toContain(text)
      expect((await list({})).body.data.total).toBe(before)
    })
    it('rejects an unknown sort column and a bad page size', async () => {
      expect((await list({ descs: 'password;drop' })).status).toBe(400)
      expect((await list({ size: 'ten' })).status).toBe(400)
    })
    it('rejects remove without ids', async () => {
      expect(
        (await call(s.baseUrl, 'POST', '/api/blade-system/param/remove', { token: admin })).status,
      ).toBe(400)
    })
  })

  it('refuses a caller without the permission (403) and without a token (401), changing nothing', async () => {
    const before = (await list({})).body.data.total
    expect((await list({}, nobody)).status).toBe(403)
    expect((await submit({ paramName: 'n', paramKey: 'k', paramValue: 'v' }, nobody)).status).toBe(
      403,
    )
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
          json: { paramName: 'n', paramKey: 'k', paramValue: 'v' },
        })
      ).status,
    ).toBe(401)
    expect((await list({})).body.data.total).toBe(before)
  })
})
