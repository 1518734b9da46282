// Offline sync end to end (docs/offline.md R8, R11, R17, R18): the production build against the real server in headless
// Chromium. Rows are queued offline by the page-side helper (tests/support/offline-page.ts: the
// row shape and strict transaction of src/offline/outbox.ts `enqueue`); the app replays them.
// - two devices edit one KOL offline: the second ends in `conflict`, shown on the outbox screen and
//   resolved there with "keep mine" (the server takes mine on top of its version), then with "take theirs";
// - a flapping network during a 100-row replay: every key applied once, nothing stuck in `sending`;
// - two tabs with 10 rows: each idempotency key reaches the server once.
import { sql } from 'kysely'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import {
  openSidePage,
  readOutbox,
  stockLines,
  waitForOfflineDb,
  waitForWorkerControl,
  writeOutbox,
  type QueuedInput,
} from '../support/offline-page.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { replayedKeys } from '../support/replayed-keys.ts'

let s: TestServer
let token: string
/** A browser profile (a device) with the app's page and a same-origin side page that queues rows (opened online). */
type Device = Awaited<ReturnType<typeof launchBrowser>> & { page: Page; side: Page }
const devices: Device[] = []
const pageErrors: string[] = []
/** expect.poll waits 1 s by default; a page load on a busy machine takes longer. */
const WAIT = { timeout: 60_000, interval: 200 }

async function openDevice(): Promise<Device> {
  const browser = await launchBrowser()
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.goto(`${s.baseUrl}/login`)
  await waitForWorkerControl(page)
  await loginThroughPage(page, s, 'admin', 'admin')
  await waitForOfflineDb(page)
  const device = { ...browser, page, side: await openSidePage(browser.context, s.baseUrl) }
  devices.push(device)
  return device
}

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
})
afterAll(async () => {
  for (const d of devices) await d.close()
  await s?.close()
})

/** Queues rows as the device's user, from its side page (a page of the origin that does not run the app). */
const queue = (device: Device, rows: QueuedInput[]) => writeOutbox(device.side, rows)

/** POSTs carrying an Idempotency-Key that reached the server (got an answer), by key, from every page of the context. */
function countWrites(context: BrowserContext): Map<string, number> {
  const seen = new Map<string, number>()
  context.on('requestfinished', (r: Request) => {
    for (const key of replayedKeys(r)) seen.set(key, (seen.get(key) ?? 0) + 1)
  })
  return seen
}

const outboxEmpty = async (page: Page) =>
  expect
    .poll(async () => (await readOutbox(page)).map((r) => r.state), {
      timeout: 90_000,
      interval: 250,
    })
    .toEqual([])

/** Each count on a day of its own: a brand has one open count per date. */
let countDay = 0
async function createStockCount(): Promise<string> {
  const checkDate = `2025-06-${String(++countDay).padStart(2, '0')}`
  const r = await call(s.baseUrl, 'POST', '/api/stockTaking/submit', {
    token,
    json: { checkDate, brandId: 'dmr' },
  })
  expect(r.body.success, JSON.stringify(r.body)).toBe(true)
  return String(r.body.data.id)
}

async function kolRecord(id: string): Promise<{ kolName: string; version: number }> {
  const r = await sql<{
    kolName: string
    version: number
  }>`select kol_name, version from dmr_kol_file where id = ${id}`.execute(s.db)
  return { kolName: r.rows[0]!.kolName, version: Number(r.rows[0]!.version) }
}

async function stockCheck(stockId: string): Promise<{ ids: string[]; sum: number; total: number }> {
  const lines = await sql<{
    id: string
    productQuantity: number
  }>`select id, product_quantity from dmr_stock_detail where dmr_stock_id = ${stockId} and is_deleted = 0`.execute(
    s.db,
  )
  const count = await sql<{
    stockTotal: number
  }>`select stock_total from dmr_stock_taking where id = ${stockId}`.execute(s.db)
  return {
    ids: lines.rows.map((r) => String(r.id)).sort(),
    sum: lines.rows.reduce((a, r) => a + Number(r.productQuantity), 0),
    total: Number(count.rows[0]!.stockTotal),
  }
}

describe('two devices edit one KOL offline', () => {
  let kolId: string
  let a: Device
  let b: Device
  const kolUpdate = (kolName: string, baseVersion: number): QueuedInput => ({
    entity: 'kolFile',
    api: '/kolFile/kolFile',
    op: 'update',
    clientId: kolId,
    payload: { kolName },
    baseVersion,
  })

  beforeAll(async () => {
    const r = await call(s.baseUrl, 'POST', '/api/kolFile/kolFile/submit', {
      token,
      json: {
        kolName: '原始名称',
        tkUserName: 'e2e_conflict',
        kolSex: 1,
        kolType: 'beauty',
        kolCategory: 'beauty',
        kolTags: 'new',
      },
    })
    expect(r.body.success, JSON.stringify(r.body)).toBe(true)
    kolId = String(r.body.data.id)
    ;[a, b] = [await openDevice(), await openDevice()]
  })

  /** A and B queue an edit made on version `base` while offline; A syncs first, then B, whose row ends in conflict. */
  async function editBothOffline(mine: string, theirs: string): Promise<void> {
    const base = (await kolRecord(kolId)).version
    await a.context.setOffline(true)
    await b.context.setOffline(true)
    await queue(a, [kolUpdate(theirs, base)])
    await queue(b, [kolUpdate(mine, base)])
    await a.context.setOffline(false)
    await a.page.goto(`${s.baseUrl}/wel/index`)
    await outboxEmpty(a.page)
    expect(await kolRecord(kolId)).toEqual({ kolName: theirs, version: base + 1 })
    await b.context.setOffline(false)
    await b.page.goto(`${s.baseUrl}/outbox`)
    const row = b.page.locator('[data-testid="outbox-row"][data-entity="kolFile"]')
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('conflict')
    // The shell's indicator says a row needs the user.
    await expect
      .poll(() => b.page.getByTestId('sync-indicator').getAttribute('data-look'), WAIT)
      .toBe('attention')
    await row.getByRole('button', { name: '处理冲突' }).click()
  }

  it('the second replay is a conflict shown on the outbox screen; "keep mine" sends mine on top of the server\'s version', async () => {
    await editBothOffline('B 的名称', 'A 的名称')
    const dialog = b.page.getByRole('dialog')
    const line = dialog.getByTestId('conflict-table').locator('tr', { hasText: '达人名称' })
    await expect.poll(() => line.locator('[data-side="mine"]').textContent(), WAIT).toBe('B 的名称')
    expect(await line.locator('[data-side="theirs"]').textContent()).toBe('A 的名称')
    const before = (await kolRecord(kolId)).version
    await dialog.getByRole('button', { name: '保留我的' }).click()
    await outboxEmpty(b.page)
    expect(await kolRecord(kolId)).toEqual({ kolName: 'B 的名称', version: before + 1 })
  })

  it('"take theirs" drops my change and leaves the server\'s record as it is', async () => {
    await editBothOffline('B 再次修改', 'A 再次修改')
    const before = await kolRecord(kolId)
    await b.page.getByRole('dialog').getByRole('button', { name: '采用服务器的' }).click()
    await outboxEmpty(b.page)
    expect(await kolRecord(kolId)).toEqual(before)
    expect(before.kolName).toBe('A 再次修改')
    await expect
      .poll(() => b.page.getByTestId('sync-indicator').getAttribute('data-look'), WAIT)
      .not.toBe('attention')
  })
})

describe('replay under a bad network', () => {
  let device: Device

  beforeAll(async () => {
    device = devices[0] ?? (await openDevice())
  })

  it('a network flapping every 300 ms during a 100-row replay applies every key once and leaves nothing in sending', async () => {
    const { page, context } = device
    const stockId = await createStockCount()
    const writes = countWrites(context)
    await context.setOffline(true)
    const rows = stockLines(stockId, 100)
    const { keys, clientIds } = await queue(device, rows)
    await page.goto(`${s.baseUrl}/wel/index`)
    await expect
      .poll(() => page.getByTestId('sync-indicator').getAttribute('data-count'), WAIT)
      .toBe('100')
    let offline = true
    let left = 100
    const until = Date.now() + 60_000
    while (left > 0 && Date.now() < until) {
      offline = !offline
      await context.setOffline(offline)
      await page.waitForTimeout(300)
      left = (await readOutbox(page)).length
    }
    await context.setOffline(false)
    // The backoff of rows that failed while offline restarts with "Sync now" (docs/offline.md R14).
    await page.getByTestId('sync-now-button').click()
    await outboxEmpty(page)
    const db = await stockCheck(stockId)
    expect(db.ids).toEqual([...clientIds].sort())
    expect(db.total).toBe(db.sum)
    expect(db.sum).toBe(rows.reduce((a, r) => a + Number(r.payload!.productQuantity), 0))
    // Keys sent more than once (answers lost to the network) were applied once: the server stored each key once.
    expect(keys.every((k) => (writes.get(k) ?? 0) >= 1)).toBe(true)
    const stored = await sql<{
      n: number
    }>`select count(*) as n from blade_idempotency where idem_key in (${sql.join(keys)})`.execute(
      s.db,
    )
    expect(Number(stored.rows[0]!.n)).toBe(100)
  })

  it('two tabs with 10 pending rows: one replays, each idempotency key reaches the server once', async () => {
    const { page, context } = device
    const stockId = await createStockCount()
    const writes = countWrites(context)
    await context.setOffline(true)
    const { keys, clientIds } = await queue(device, stockLines(stockId, 10))
    const second = await context.newPage()
    await page.goto(`${s.baseUrl}/wel/index`)
    await second.goto(`${s.baseUrl}/outbox`)
    await expect.poll(() => second.locator('[data-testid="outbox-row"]').count(), WAIT).toBe(10)
    await context.setOffline(false)
    await outboxEmpty(page)
    // The tab that did not replay watches the table: its outbox screen empties too.
    await expect.poll(() => second.locator('[data-testid="outbox-row"]').count(), WAIT).toBe(0)
    expect(keys.map((k) => writes.get(k) ?? 0)).toEqual(keys.map(() => 1))
    expect((await stockCheck(stockId)).ids).toEqual([...clientIds].sort())
    await second.close()
    expect(pageErrors).toEqual([])
  })
})
