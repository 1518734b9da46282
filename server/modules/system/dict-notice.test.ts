import { afterAll, beforeAll, expect, it } from 'vitest'
import { nextId } from '../../core/ids.ts'
import { call } from '../../../tests/support/http.ts'
import { tokenFor } from '../../../tests/support/system.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

interface Entry {
  id: string
  parentId: string
  code: string
  dictKey: unknown
  dictValue: string
  sort: number
  remark: string
  isSealed: number
}

forEachDatabase('system dictionaries and notices', (dialect) => {
  let s: TestServer
  let office: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    office = await tokenFor(s, 'office')
  })
  afterAll(() => s?.close())

  const dict = (path: string, query: Record<string, string>, token = office) =>
    call<{ code: number; msg: string; data: Entry[] }>(s.baseUrl, 'GET', path, { token, query })

  it('lists plain dictionary entries in sort order with integer keys', async () => {
    const sex = await dict('/api/blade-system/dict/dictionary', { code: 'sex' })
    expect(sex.status).toBe(200)
    expect(sex.body.data.map((e) => [e.dictKey, e.dictValue])).toEqual([
      [1, '男'],
      [2, '女'],
      [3, '未知'],
    ])
    expect(sex.body.data[0]).toMatchObject({ code: 'sex', remark: 'Male', sort: 1, isSealed: 0 })
    expect(sex.body.data[0]?.parentId).not.toBe('0')
    const region = await dict('/api/blade-system/dict/dictionary', { code: 'region' })
    expect(region.body.data[0]).toMatchObject({ dictKey: 0, dictValue: '国家' })
    const yesNo = await dict('/api/blade-system/dict/dictionary', { code: 'yes_no' })
    expect(yesNo.body.data.map((e) => e.dictKey)).toEqual([1, 2])
    // The parent row is sealed and not listed.
    const parent = await s.db
      .selectFrom('bladeDict')
      .selectAll()
      .where('code', '=', 'sex')
      .where('parentId', '=', '0')
      .executeTakeFirstOrThrow()
    expect(parent).toMatchObject({ dictKey: '-1', isSealed: 1 })
  })

  it('lists business dictionary entries with string keys, contact status starting at created', async () => {
    const status = await dict('/api/blade-system/dict-biz/dictionary', {
      code: 'kol_contact_status',
    })
    expect(status.body.data[0]).toMatchObject({
      dictKey: 'created',
      dictValue: '已创建',
      remark: 'Created',
      sort: 1,
    })
    expect(status.body.data.map((e) => e.dictKey)).toEqual([
      'created',
      'contacted',
      'negotiating',
      'cooperating',
      'rejected',
      'archived',
    ])
    const bank = await dict('/api/blade-system/dict-biz/dictionary', { code: 'bank' })
    expect(bank.body.data.map((e) => e.dictValue)).toEqual(
      expect.arrayContaining([
        'Vietcombank',
        'VietinBank',
        'BIDV',
        'Agribank',
        'Techcombank',
        'MB Bank',
        'ACB',
        'VPBank',
        'Sacombank',
        'TPBank',
      ]),
    )
    for (const code of [
      'biz_type',
      'kol_type',
      'kol_tags',
      'kol_category',
      'live_type',
      'cooperate_status',
      'daily_report_status',
      'brand',
      'salary_source',
    ]) {
      const r = await dict('/api/blade-system/dict-biz/dictionary', { code })
      expect(r.body.data.length, code).toBeGreaterThan(1)
      for (const e of r.body.data) expect(typeof e.dictKey, code).toBe('string')
    }
  })

  it('keeps a deleted entry out and answers an unknown code with an empty list', async () => {
    await s.db
      .updateTable('bladeDictBiz')
      .set({ isDeleted: 1 })
      .where('code', '=', 'live_type')
      .where('dictKey', '=', 'lazada_live')
      .execute()
    const live = await dict('/api/blade-system/dict-biz/dictionary', { code: 'live_type' })
    expect(live.body.data.map((e) => e.dictKey)).toEqual([
      'tiktok_live',
      'shopee_live',
      'facebook_live',
    ])
    const none = await dict('/api/blade-system/dict/dictionary', { code: 'no_such_code' })
    expect(none.body.data).toEqual([])
  })

  it('answers a missing code with 400', async () => {
    for (const path of [
      '/api/blade-system/dict/dictionary',
      '/api/blade-system/dict-biz/dictionary',
    ]) {
      const r = await dict(path, {})
      expect(r.status).toBe(400)
      expect(r.body.msg).toBe('缺少必要的请求参数: code')
    }
    expect(
      (
        await call(s.baseUrl, 'GET', '/api/blade-system/dict/dictionary', {
          query: { code: 'sex' },
        })
      ).status,
    ).toBe(401)
  })

  it('uses the caller tenant business entries, falling back to tenant 000000', async () => {
    await s.db
      .insertInto('bladeTenant')
      .values({
        id: '7002',
        tenantId: '222222',
        tenantName: '岘港',
        domain: null,
        backgroundUrl: null,
        linkman: null,
        contactNumber: null,
        address: null,
        expireTime: null,
        packageId: null,
        datasourceId: null,
        licenseKey: null,
        createUser: null,
        createDept: null,
        createTime: null,
        updateUser: null,
        updateTime: null,
      })
      .execute()
    await s.db
      .insertInto('bladeUser')
      .values({
        id: '7003',
        tenantId: '222222',
        code: null,
        account: 'danang',
        password: 'x',
        name: null,
        realName: null,
        avatar: null,
        email: null,
        phone: null,
        birthday: null,
        sex: null,
        roleId: '',
        deptId: '',
        postId: '',
        createUser: null,
        createDept: null,
        createTime: null,
        updateUser: null,
        updateTime: null,
      })
      .execute()
    const parent = nextId()
    await s.db
      .insertInto('bladeDictBiz')
      .values([
        {
          id: parent,
          tenantId: '222222',
          parentId: '0',
          code: 'brand',
          dictKey: '-1',
          dictValue: '品牌',
          sort: 1,
          remark: null,
          isSealed: 0,
        },
        {
          id: nextId(),
          tenantId: '222222',
          parentId: parent,
          code: 'brand',
          dictKey: 'danang_brand',
          dictValue: 'Đà Nẵng Brand',
          sort: 1,
          remark: null,
          isSealed: 0,
        },
      ])
      .execute()
    const token = await tokenFor(s, 'danang', '222222')
    const own = await dict('/api/blade-system/dict-biz/dictionary', { code: 'brand' }, token)
    expect(own.body.data.map((e) => e.dictKey)).toEqual(['danang_brand'])
    expect(own.body.data[0]?.remark).toBe('')
    const fallback = await dict('/api/blade-system/dict-biz/dictionary', { code: 'bank' }, token)
    expect(fallback.body.data[0]?.dictValue).toBe('Vietcombank')
    const notices = await call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', { token })
    expect(notices.body.data).toMatchObject({ records: [], total: 0 })
  })

  it('pages the tenant notices newest first and reads one', async () => {
    for (let i = 1; i <= 3; i++) {
      await s.db
        .insertInto('bladeNotice')
        .values({
          id: nextId(),
          tenantId: '000000',
          title: `第${i}条`,
          category: 6,
          releaseTime: `2099-01-0${i} 09:00:00`,
          content: `内容${i}`,
          createUser: null,
          createDept: null,
          createTime: null,
          updateUser: null,
          updateTime: null,
        })
        .execute()
    }
    const first = await call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', {
      token: office,
      query: { current: '1', size: '2' },
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ total: 5, size: 2, current: 1, pages: 3 })
    expect(first.body.data.records.map((n: { title: string }) => n.title)).toEqual([
      '第3条',
      '第2条',
    ])
    expect(first.body.data.records[0]).toMatchObject({
      category: 6,
      categoryName: '事务通知',
      content: '内容3',
      tenantId: '000000',
    })
    const last = await call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', {
      token: office,
      query: { current: '3', size: '2' },
    })
    // The two seeded notices share a release time; the older id comes last.
    expect(last.body.data.records.map((n: { title: string }) => n.title)).toEqual([
      '欢迎使用越南电商管理平台',
    ])
    const seeded = await call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', {
      token: office,
      query: { title: '欢迎' },
    })
    expect(seeded.body.data.records).toHaveLength(1)
    const detail = await call(s.baseUrl, 'GET', '/api/blade-desk/notice/detail', {
      token: office,
      query: { id: seeded.body.data.records[0].id },
    })
    expect(detail.body.data).toMatchObject({
      title: '欢迎使用越南电商管理平台',
      category: 1,
      categoryName: '发布通知',
    })
    expect(detail.body.data.content).toContain('越南电商管理平台')
    expect(
      (
        await call(s.baseUrl, 'GET', '/api/blade-desk/notice/detail', {
          token: office,
          query: { id: '1' },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', {
          token: office,
          query: { size: 'ten' },
        })
      ).status,
    ).toBe(400)
  })
})
