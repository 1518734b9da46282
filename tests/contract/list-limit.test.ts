// The list statement limit over real HTTP, on SQLite and PostgreSQL: a broad search (a two-letter
// term over a table past the scan size) that cannot finish within the limit answers 400 asking to
// narrow the search, a small list answers while it is held up, and once the hold is gone the same
// search answers its rows: the server keeps serving. The hold is a statement the test controls, not
// a slow machine: on SQLite two endless scans keep the scan lane's one slot busy past the search's
// wait; on PostgreSQL a lock on the table stops the search's own statement until statement_timeout.
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { fillStockLines } from '../../bench/support/big-stock.ts'
import { SCAN_ROWS } from '../../server/crud/list-cost.ts'
import { MSG_LIST_TOO_BROAD } from '../../server/crud/read.ts'
import { inListLane } from '../../server/db/list-lanes.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'

const LIMIT_MS = 1500
const BROAD = { skuNo_like: 'ZQ' }

forEachDatabase('list statement limit', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { listStatementLimitMs: LIMIT_MS, listScanSlots: 1 })
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    await fillStockLines(s.db, dialect, SCAN_ROWS + 10_000)
  })
  afterAll(() => s?.close())

  const broad = () =>
    call<{ msg: string; data: { records: { skuNo: string }[] } }>(
      s.baseUrl,
      'GET',
      '/api/stockDetail/page',
      { token, query: BROAD },
    )
  const small = () =>
    call<{ data: unknown[] }>(s.baseUrl, 'GET', '/api/blade-system/param/list', { token })

  /** Holds the broad search up past the limit until the returned function releases it (and it is gone). */
  async function hold(): Promise<() => Promise<void>> {
    const db = s.db as unknown as Kysely<never>
    if (dialect === 'sqlite') {
      const endless = () =>
        inListLane('scan', () =>
          sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000000000000) select count(*) from n`.execute(
            db,
          ),
        ).catch(() => undefined)
      // The first runs until the limit stops it, the second then until its own: the search waits behind both.
      const both = Promise.all([endless(), endless()])
      await expect.poll(() => s.database.scanReaders!.busyWorkers().length).toBe(1)
      return async () => void (await both)
    }
    let release = () => {}
    const released = new Promise<void>((r) => (release = r))
    let locked = () => {}
    const isLocked = new Promise<void>((r) => (locked = r))
    const tx = s.db.transaction().execute(async (trx) => {
      await sql`lock table dmr_stock_detail in access exclusive mode`.execute(trx)
      locked()
      await released
    })
    await isLocked
    return async () => (release(), await tx)
  }

  it('refuses a broad search that cannot finish within the limit with 400 and a message to narrow it, while a small list answers', async () => {
    const before = await broad()
    expect(before.status).toBe(200)
    expect(before.body.data.records.length).toBeGreaterThan(0)
    expect(before.body.data.records.every((r) => r.skuNo.toLowerCase().includes('zq'))).toBe(true)

    const release = await hold()
    const events: string[] = []
    const refused = broad().then((r) => (events.push('broad search answered'), r))
    const answered = await small()
    events.push('small list answered')
    expect(answered.status).toBe(200)
    const r = await refused
    expect(events).toEqual(['small list answered', 'broad search answered'])
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe(MSG_LIST_TOO_BROAD)
    await release()

    const after = await broad()
    expect(after.status).toBe(200)
    expect(after.body.data.records).toEqual(before.body.data.records)
    expect((await small()).status).toBe(200)
  })
})
