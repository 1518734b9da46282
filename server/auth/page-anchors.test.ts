// Deep pages read from anchors (page-anchors.ts) over real HTTP on SQLite and PostgreSQL: every page
// equals the same page of the whole list ordered by hand, read once, again (from its anchor), the
// next and a further one; a write through the API, one straight to the database and (PostgreSQL)
// one by another process's connection all drop the table's anchors, and the pages follow the new
// rows at once; filtered lists and other tenants keep their own anchors.
import { beforeAll, expect, it } from 'vitest'
import { call } from '../../tests/support/http.ts'
import { forEachDatabase, serverWithAdmin } from '../../tests/support/test-server.ts'
import { openCachedDatabase } from './database.ts'

const API = '/api/giftdetail/giftDetail'
const ROWS = 700
const TABLE = 'dmr_gift_detail'

forEachDatabase('deep pages from anchors', (dialect) => {
  const t = serverWithAdmin(dialect, { tokenRateLimit: 100_000 })
  beforeAll(async () => {
    // 700 gifts, two per second of send time (ties broken by id), a few on anchor A2.
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      id: `88000000000000${String(i).padStart(4, '0')}`,
      tenantId: '000000',
      sendGiftTime: `2025-06-01 ${String(10 + Math.floor(i / 7200)).padStart(2, '0')}:${String(Math.floor((i % 7200) / 120)).padStart(2, '0')}:${String(Math.floor((i % 120) / 2)).padStart(2, '0')}`,
      userId: `U${i}`,
      liveId: 'L-1',
      anchorId: i % 3 === 0 ? 'A2' : 'A1',
      giftName: 'Rose',
      giftPrice: 1,
      giftQuantity: 1,
      isDeleted: 0,
      status: 1,
      version: 1,
    }))
    for (let i = 0; i < rows.length; i += 100)
      await t.s.db
        .insertInto('dmrGiftDetail')
        .values(rows.slice(i, i + 100) as never)
        .execute()
  })

  const anchors = () => t.s.database.cache.anchors.count(TABLE)
  /** The list's default order by hand: newest send time first, then id descending. */
  const expected = async (current: number, anchorId?: string) => {
    let q = t.s.db
      .selectFrom('dmrGiftDetail')
      .select('id')
      .where('tenantId', '=', '000000')
      .where('isDeleted', '=', 0)
    if (anchorId) q = q.where('anchorId', '=', anchorId)
    const ids = await q.orderBy('sendGiftTime', 'desc').orderBy('id', 'desc').execute()
    return ids.slice((current - 1) * 10, current * 10).map((r) => r.id)
  }
  const page = async (current: number, query: Record<string, string> = {}) => {
    const r = await call(t.s.baseUrl, 'GET', `${API}/page`, {
      token: t.admin,
      query: { current: String(current), size: '10', ...query },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return (r.body.data.records as { id: string }[]).map((x) => x.id)
  }

  it('reads a deep page, again from its anchor, the next and a further one, each as the whole list has it', async () => {
    expect(await page(30)).toEqual(await expected(30))
    expect(anchors()).toBeGreaterThan(0)
    for (const current of [30, 31, 45, 70, 25])
      expect(await page(current), `page ${current}`).toEqual(await expected(current))
    // Past the end: nothing, and no error.
    expect(await page(71)).toEqual([])
    // A filtered list has its own anchors and pages.
    expect(await page(22, { anchorId: 'A2' })).toEqual(await expected(22, 'A2'))
    expect(await page(23, { anchorId: 'A2' })).toEqual(await expected(23, 'A2'))
  })

  it('pages a nullable order column across its NULLs in both directions (they sort last or first by database)', async () => {
    // The first 400 rows have a create time, the other 300 none.
    for (let i = 0; i < 400; i += 100) {
      await t.s.db
        .updateTable('dmrGiftDetail')
        .set({ createTime: `2025-07-01 00:${String(Math.floor(i / 100)).padStart(2, '0')}:00` })
        .where('id', '>=', `88000000000000${String(i).padStart(4, '0')}`)
        .where('id', '<', `88000000000000${String(i + 100).padStart(4, '0')}`)
        .execute()
    }
    for (const dir of ['asc', 'desc'] as const) {
      const ids = await t.s.db
        .selectFrom('dmrGiftDetail')
        .select('id')
        .where('tenantId', '=', '000000')
        .where('isDeleted', '=', 0)
        .orderBy('createTime', dir)
        .orderBy('id', 'desc')
        .execute()
      const want = (current: number) => ids.slice((current - 1) * 10, current * 10).map((r) => r.id)
      const query = { [dir === 'asc' ? 'ascs' : 'descs']: 'create_time' }
      // Into the rows with a time, then on from anchors across the boundary and into the NULLs.
      for (const current of [25, 26, 35, 39, 40, 41, 42, 50, 69, 70])
        expect(await page(current, query), `${dir} page ${current}`).toEqual(want(current))
    }
  })

  it('drops the anchors on a write through the API, and the pages follow the new row at once', async () => {
    await page(40)
    expect(anchors()).toBeGreaterThan(0)
    // A newer gift goes first: every later page shifts by one.
    const r = await call(t.s.baseUrl, 'POST', `${API}/submit`, {
      token: t.admin,
      json: {
        sendGiftTime: '2025-06-01 23:00:00',
        userId: 'NEW',
        liveId: 'L-1',
        anchorId: 'A1',
        giftName: 'Lion',
        giftPrice: 1,
        giftQuantity: 1,
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(anchors()).toBe(0)
    for (const current of [40, 41])
      expect(await page(current), `page ${current}`).toEqual(await expected(current))
  })

  it('drops them on a write straight to the database too', async () => {
    await page(50)
    expect(anchors()).toBeGreaterThan(0)
    await t.s.db
      .updateTable('dmrGiftDetail')
      .set({ isDeleted: 1 })
      .where('id', 'in', ['880000000000000650', '880000000000000651'])
      .execute()
    expect(anchors()).toBe(0)
    expect(await page(50)).toEqual(await expected(50))
  })

  if (dialect === 'postgres') {
    it("drops them when another process's connection writes (NOTIFY), before the next request is answered", async () => {
      await page(55)
      expect(anchors()).toBeGreaterThan(0)
      const other = openCachedDatabase(t.s.config.databaseUrl)
      try {
        await other.db
          .updateTable('dmrGiftDetail')
          .set({ isDeleted: 1 })
          .where('id', '=', '880000000000000100')
          .execute()
      } finally {
        await other.close()
      }
      // The request's fence catches the notification before the list is read.
      expect(await page(55)).toEqual(await expected(55))
    })
  }
})
