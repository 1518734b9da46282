import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

forEachDatabase('region module', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())
  const get = (path: string, query: Record<string, string> = {}) =>
    call(s.baseUrl, 'GET', `/api/blade-system/region/${path}`, { token, query })
  const post = (path: string, opts: { query?: Record<string, string>; json?: unknown }) =>
    call(s.baseUrl, 'POST', `/api/blade-system/region/${path}`, { token, ...opts })

  it('seeds Vietnam: the root and its 34 provinces, lazily by parentCode (absent = the top level)', async () => {
    const top = await get('lazy-tree')
    expect(top.body.data).toEqual([
      { id: '00', parentId: '0', title: '越南', key: '00', value: '00', hasChildren: true },
    ])
    const provinces = await get('lazy-tree', { parentCode: '00' })
    expect(provinces.body.data).toHaveLength(34)
    expect(provinces.body.data.map((p: { title: string }) => p.title)).toContain('河内市 Hà Nội')
    expect(
      provinces.body.data.every((p: { hasChildren: boolean }) => p.hasChildren === false),
    ).toBe(true)
  })

  it('upserts by code with ancestors and the level pair filled, details by code, refuses removing a parent', async () => {
    const r = await post('submit', {
      json: { parentCode: '01', code: '001', name: 'Ba Đình', level: 2, sort: 1 },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({
      code: '001',
      ancestors: '0,00,01',
      provinceCode: '01',
      cityCode: '001',
      cityName: 'Ba Đình',
      parentName: '河内市 Hà Nội',
    })
    expect(
      (await post('submit', { json: { code: '001', name: 'Quận Ba Đình' } })).body.data.name,
    ).toBe('Quận Ba Đình')
    expect((await get('detail', { code: '001' })).body.data.name).toBe('Quận Ba Đình')
    expect(
      (await get('lazy-tree', { parentCode: '00' })).body.data.find(
        (p: { id: string }) => p.id === '01',
      ).hasChildren,
    ).toBe(true)
    const refused = await post('remove', { query: { id: '01' } })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe('请先删除子节点!')
    expect((await post('remove', { query: { id: '001' } })).status).toBe(200)
    expect((await get('detail', { code: '001' })).status).toBe(404)
  })

  it('answers bad input with 400', async () => {
    expect(
      (
        await post('submit', {
          json: { parentCode: '01', code: 'x1', name: 'Bad', level: 2, sort: 1 },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await post('submit', {
          json: { parentCode: '99', code: '9901', name: 'Orphan', level: 2, sort: 1 },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await post('save', {
          json: { parentCode: '00', code: '01', name: 'dup', level: 1, sort: 1 },
        })
      ).status,
    ).toBe(400)
    expect((await get('detail')).status).toBe(400)
  })

  it('filters lists by the declared fields, plain or with an operator suffix', async () => {
    const titles = async (q: Record<string, string>) =>
      ((await get('lazy-list', { parentCode: '00', ...q })).body.data as { name: string }[]).map(
        (r) => r.name,
      )
    expect(await titles({ name: 'Hà Nội' })).toEqual(['河内市 Hà Nội'])
    expect(await titles({ name_likeright: '河内' })).toEqual(['河内市 Hà Nội'])
    expect(await titles({ name_likeright: 'Hà Nội' })).toEqual([])
    expect(await titles({ code_equal: '01' })).toEqual(['河内市 Hà Nội'])
    const page = await get('list', { level_equal: '1', code_equal: '01' })
    expect(page.body.data.records.map((r: { code: string }) => r.code)).toEqual(['01'])
    expect((await get('list', { level_ge: '2', code_equal: '01' })).body.data.total).toBe(0)
    expect((await get('list', { level: 'x' })).status).toBe(400)
    expect((await get('list', { level_equal: 'x' })).status).toBe(400)
  })
})
