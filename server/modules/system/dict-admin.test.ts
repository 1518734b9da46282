// Dictionary management over real HTTP, for both dictionaries: parents and entries, paged parent
// and child lists, code inheritance, duplicate keys, sealing, cascading remove, and business
// dictionaries kept per tenant.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startAdminHarness, type AdminHarness } from '../../../tests/support/admin-harness.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'

interface Row {
  id: string
  code: string
  dictKey: string
  dictValue: string
  parentId: string
  children?: Row[]
}

forEachDatabase('system dictionary administration', (dialect) => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
  })
  afterAll(() => h?.s.close())

  for (const api of ['/blade-system/dict', '/blade-system/dict-biz']) {
    let parent: string
    let entries: string[] = []
    it(`${api}: a dictionary and its entries; the entries take the dictionary's code`, async () => {
      const p = await h.post(`${api}/submit`, {
        json: { code: 'ship_mode', dictValue: '配送方式', sort: 1, isSealed: 0 },
      })
      expect(p.status, JSON.stringify(p.body)).toBe(200)
      parent = p.body.data.id
      expect(p.body.data).toMatchObject({ parentId: '0', dictKey: '-1', isSealed: 0 })
      entries = []
      for (const [i, v] of ['快递', '自提', '货运'].entries()) {
        const e = await h.post(`${api}/submit`, {
          json: {
            parentId: parent,
            code: 'ignored',
            dictKey: String(i + 1),
            dictValue: v,
            sort: i + 1,
            isSealed: 0,
          },
        })
        expect(e.status, JSON.stringify(e.body)).toBe(200)
        expect(e.body.data.code).toBe('ship_mode')
        entries.push(e.body.data.id)
      }
      const dictionary = await h.get(`${api}/dictionary`, { code: 'ship_mode' })
      expect(dictionary.body.data.map((d: Row) => d.dictValue)).toEqual(['快递', '自提', '货运'])
      const detail = await h.get(`${api}/detail`, { id: entries[0]! })
      expect(detail.body.data.parentName).toBe('配送方式')
    })

    it(`${api}: refuses a duplicate key and a missing value; renaming the code carries the entries`, async () => {
      const dup = await h.post(`${api}/submit`, {
        json: { parentId: parent, dictKey: '2', dictValue: '重复', sort: 9, isSealed: 0 },
      })
      expect(dup.status).toBe(400)
      expect(dup.body.msg).toBe('当前字典键值已存在!')
      const dupParent = await h.post(`${api}/submit`, {
        json: { code: 'ship_mode', dictValue: '又一个', sort: 2, isSealed: 0 },
      })
      expect(dupParent.body.msg).toBe('当前字典键值已存在!')
      expect(
        (
          await h.post(`${api}/submit`, {
            json: { parentId: parent, dictKey: '7', sort: 1, isSealed: 0 },
          })
        ).body.msg,
      ).toContain('请输入字典名称')
      expect(
        (await h.post(`${api}/submit`, { json: { id: parent, code: 'delivery' } })).status,
      ).toBe(200)
      expect((await h.get(`${api}/dictionary`, { code: 'delivery' })).body.data).toHaveLength(3)
    })

    it(`${api}: pages parents and children (by parentId or by code)`, async () => {
      const parents = await h.get(`${api}/parent-list`, { code: 'deliv', current: '1', size: '10' })
      expect(parents.body.data).toMatchObject({ total: 1, current: 1, size: 10 })
      expect(parents.body.data.records[0].id).toBe(parent)
      const page2 = await h.get(`${api}/child-list`, { parentId: parent, current: '2', size: '2' })
      expect(page2.body.data).toMatchObject({ total: 3, current: 2, size: 2, pages: 2 })
      expect(page2.body.data.records.map((r: Row) => r.dictValue)).toEqual(['货运'])
      const byCode = await h.get(`${api}/child-list`, {
        code: 'delivery',
        size: '10',
        dictValue: '自',
      })
      expect(byCode.body.data.records.map((r: Row) => r.dictKey)).toEqual(['2'])
      const list = await h.get(`${api}/list`, { code: 'delivery' })
      expect(list.body.data).toHaveLength(1)
      expect(list.body.data[0].children.map((c: Row) => c.dictKey)).toEqual(['1', '2', '3'])
      const tree = await h.get(`${api}/tree`)
      expect(tree.body.data.find((n: { id: string }) => n.id === parent)).toMatchObject({
        title: '配送方式',
        hasChildren: true,
      })
      expect((await h.get(`${api}/select`)).body.data).toContainEqual({
        id: parent,
        code: 'delivery',
        dictValue: '配送方式',
      })
    })

    it(`${api}: a sealed dictionary and its entries cannot be changed or removed`, async () => {
      expect((await h.post(`${api}/submit`, { json: { id: parent, isSealed: 1 } })).status).toBe(
        200,
      )
      for (const attempt of [
        () => h.post(`${api}/submit`, { json: { id: parent, dictValue: '改名' } }),
        () => h.post(`${api}/submit`, { json: { id: entries[0], dictValue: '改名' } }),
        () =>
          h.post(`${api}/submit`, {
            json: { parentId: parent, dictKey: '9', dictValue: '新增', sort: 9, isSealed: 0 },
          }),
      ]) {
        const r = await attempt()
        expect(r.status).toBe(400)
        expect(r.body.msg).toBe('当前字典已封存，不可修改')
      }
      expect((await h.post(`${api}/remove`, { query: { ids: entries[1]! } })).status).toBe(400)
      expect((await h.post(`${api}/remove`, { query: { ids: parent } })).status).toBe(400)
      expect((await h.get(`${api}/detail`, { id: entries[0]! })).body.data.dictValue).toBe('快递')
    })

    it(`${api}: removing a dictionary removes its entries`, async () => {
      const p = await h.post(`${api}/submit`, {
        json: { code: 'temp_dict', dictValue: '临时', sort: 3, isSealed: 0 },
      })
      const e = await h.post(`${api}/submit`, {
        json: { parentId: p.body.data.id, dictKey: '1', dictValue: '一', sort: 1, isSealed: 0 },
      })
      expect((await h.post(`${api}/remove`, { query: { ids: p.body.data.id } })).status).toBe(200)
      expect((await h.get(`${api}/detail`, { id: e.body.data.id })).status).toBe(404)
      expect((await h.get(`${api}/dictionary`, { code: 'temp_dict' })).body.data).toEqual([])
    })
  }

  it('keeps business dictionaries per tenant; the seeded system dictionaries are sealed', async () => {
    const t = await h.newTenant('字典租户')
    const own = await h.post('/blade-system/dict-biz/submit', {
      json: { code: 'delivery', dictValue: '本租户配送', sort: 1, isSealed: 0 },
      token: t.token,
    })
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    expect(own.body.data.tenantId).toBe(t.tenantId)
    const theirs = (
      await h.get('/blade-system/dict-biz/parent-list', { size: '100' }, t.token)
    ).body.data.records.map((r: Row) => r.dictValue)
    expect(theirs).toEqual(['本租户配送'])
    const sex = (await h.get('/blade-system/dict/parent-list', { code: 'sex' })).body.data
      .records[0]
    expect(sex.isSealed).toBe(1)
    expect(
      (
        await h.post('/blade-system/dict/submit', {
          json: { parentId: sex.id, dictKey: '9', dictValue: 'x', sort: 9, isSealed: 0 },
        })
      ).body.msg,
    ).toBe('当前字典已封存，不可修改')
  })
})
