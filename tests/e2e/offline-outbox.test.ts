// The outbox screen's actions (docs/offline.md R11) and the replay hand-off between tabs (docs/offline.md R18), end to end: the
// production build against the real server in headless Chromium. Rows are queued by the page-side
// helper (tests/support/offline-page.ts: the row shape and strict transaction of `enqueue`).
// - retry: a count line the server refuses (its count does not exist yet) is shown as rejected,
//   survives a reload, and lands on "retry" once the count exists;
// - edit: a count line refused for a missing SKU is completed in the screen's form and lands;
// - discard: asks first; the row is gone after a reload and never reaches the server;
// - hand-off: two tabs with rows pending; the tab holding `outbox-replay` is closed mid-replay and
//   the other tab replays every row, each idempotency key applied once.
import { sql } from 'kysely'
import type { BrowserContext, Page, Request, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import {
  lockHolder,
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
import { SYNC_BATCH_API } from '../../src/domain/sync-batch.ts'

let s: TestServer
let token: string
let device: Awaited<ReturnType<typeof launchBrowser>> & { page: Page; side: Page }
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  const browser = await launchBrowser()
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.goto(`${s.baseUrl}/login`)
  await waitForWorkerControl(page)
  await loginThroughPage(page, s, 'admin', 'admin')
  await waitForOfflineDb(page)
  device = { ...browser, page, side: await openSidePage(browser.context, s.baseUrl) }
})
afterAll(async () => {
  await device?.close()
  await s?.close()
})

/** POSTs carrying an Idempotency-Key that got an answer, by key, from every page of the context. */
function countWrites(context: BrowserContext): Map<string, number> {
  const seen = new Map<string, number>()
  context.on('requestfinished', (r: Request) => {
    for (const key of replayedKeys(r)) seen.set(key, (seen.get(key) ?? 0) + 1)
  })
  return seen
}

const outboxStates = async (page: Page) => (await readOutbox(page)).map((r) => r.state)
const outboxEmpty = (page: Page) =>
  expect.poll(() => outboxStates(page), { timeout: 60_000, interval: 250 }).toEqual([])
const rowOf = (page: Page, key: string) =>
  page.locator(`[data-testid="outbox-row"][data-key="${key}"]`)

/** A 64-bit-safe decimal id made on the client, as the app makes them (docs/offline.md R5). */
const clientMadeId = () =>
  (
    (BigInt(1 + Math.floor(Math.random() * 0x3fffffff)) << 32n) |
    BigInt(Math.floor(Math.random() * 0xffffffff))
  ).toString()

/** Each count on a day of its own: a brand has one open count per date. */
let countDay = 0
async function createStockCount(id?: string): Promise<string> {
  const checkDate = `2025-07-${String(++countDay).padStart(2, '0')}`
  const r = await call(s.baseUrl, 'POST', '/api/stockTaking/submit', {
    token,
    json: { ...(id ? { id } : {}), checkDate, brandId: 'dmr' },
  })
  expect(r.body.success, JSON.stringify(r.body)).toBe(true)
  return String(r.body.data.id)
}

async function linesOf(stockId: string): Promise<{ id: string; skuNo: string }[]> {
  const r = await sql<{
    id: string
    skuNo: string
  }>`select id, sku_no from dmr_stock_detail where dmr_stock_id = ${stockId} and is_deleted = 0`.execute(
    s.db,
  )
  return r.rows
    .map((l) => ({ id: String(l.id), skuNo: l.skuNo }))
    .sort((a, b) => a.id.localeCompare(b.id))
}

/** How often the server stored each key (docs/offline.md R6: once per applied request). */
async function storedKeys(keys: string[]): Promise<number[]> {
  const r = await sql<{
    idemKey: string
  }>`select idem_key from blade_idempotency where idem_key in (${sql.join(keys)})`.execute(s.db)
  return keys.map((k) => r.rows.filter((x) => x.idemKey === k).length)
}

const line = (stockId: string, skuNo: string): QueuedInput => ({
  entity: 'stockDetail',
  api: '/stockDetail',
  op: 'submit',
  payload: {
    dmrStockId: stockId,
    skuNo,
    productQuantity: 4,
    warehousePosition: 'B-1',
    deviceId: 'e2e-outbox',
  },
})

describe('outbox screen actions (R11)', () => {
  it('a refused row is shown as rejected, survives a reload, and lands on "retry" once the server can take it', async () => {
    const { page, side } = device
    // The count the line belongs to does not exist yet: the server refuses the line (a business error).
    const stockId = clientMadeId()
    const {
      keys: [key],
      clientIds: [lineId],
    } = await writeOutbox(side, [line(stockId, 'SKU-RETRY')])
    await page.goto(`${s.baseUrl}/outbox`)
    const row = rowOf(page, key!)
    await expect.poll(() => row.getAttribute('data-state'), WAIT).toBe('rejected')
    await expect.poll(() => row.textContent(), WAIT).toContain('盘点批次不存在或已被删除')
    // The screen reads the Dexie table: after a reload the row, its state and its error are still there.
    await page.reload()
    await expect.poll(() => row.getAttribute('data-state'), WAIT).toBe('rejected')
    expect(await row.textContent()).toContain('盘点批次不存在或已被删除')
    expect(await page.getByTestId('sync-indicator').getAttribute('data-look')).toBe('attention')
    expect(await linesOf(stockId)).toEqual([])
    await createStockCount(stockId)
    await row.getByRole('button', { name: '重试' }).click()
    await outboxEmpty(page)
    await expect.poll(() => page.locator('[data-testid="outbox-row"]').count(), WAIT).toBe(0)
    expect(await linesOf(stockId)).toEqual([{ id: lineId, skuNo: 'SKU-RETRY' }])
    expect(await storedKeys([key!])).toEqual([1])
  })

  it('a row refused for a missing value is completed in the edit form and lands under a new key', async () => {
    const { page, side, context } = device
    const stockId = await createStockCount()
    const writes = countWrites(context)
    const {
      keys: [key],
      clientIds: [lineId],
    } = await writeOutbox(side, [line(stockId, '')])
    await page.goto(`${s.baseUrl}/outbox`)
    const row = rowOf(page, key!)
    await expect.poll(() => row.getAttribute('data-state'), WAIT).toBe('rejected')
    await row.getByRole('button', { name: '编辑' }).click()
    const form = page.getByTestId('outbox-edit-form')
    const sku = form.getByRole('textbox', { name: /SKU编号/ })
    await expect.poll(() => sku.inputValue(), WAIT).toBe('')
    await sku.fill('SKU-EDITED')
    await form.getByRole('button', { name: '保存并重新同步' }).click()
    await outboxEmpty(page)
    expect(await linesOf(stockId)).toEqual([{ id: lineId, skuNo: 'SKU-EDITED' }])
    // The edited row went under a new key (a new body is a new request), applied once.
    const edited = [...writes.keys()].filter((k) => k !== key)
    expect(edited).toHaveLength(1)
    expect(await storedKeys(edited)).toEqual([1])
  })

  it('discard asks first; the row is gone after a reload and never reaches the server', async () => {
    const { page, side, context } = device
    const stockId = await createStockCount()
    const writes = countWrites(context)
    await context.setOffline(true)
    const { keys, clientIds } = await writeOutbox(side, [
      line(stockId, 'SKU-KEEP'),
      line(stockId, 'SKU-DROP'),
    ])
    const [keep, drop] = keys as [string, string]
    await page.goto(`${s.baseUrl}/outbox`)
    await expect.poll(() => page.locator('[data-testid="outbox-row"]').count(), WAIT).toBe(2)
    await rowOf(page, drop).getByRole('button', { name: '丢弃' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0)
    expect((await readOutbox(page)).map((r) => r.key)).toEqual([keep, drop])
    await rowOf(page, drop).getByRole('button', { name: '丢弃' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    await expect.poll(async () => (await readOutbox(page)).map((r) => r.key), WAIT).toEqual([keep])
    await page.reload()
    await expect.poll(() => rowOf(page, keep).count(), WAIT).toBe(1)
    expect(await rowOf(page, drop).count()).toBe(0)
    await context.setOffline(false)
    await outboxEmpty(page)
    // The kept row shows the replay ran; the discarded one was never sent.
    expect(await linesOf(stockId)).toEqual([{ id: clientIds[0]!, skuNo: 'SKU-KEEP' }])
    expect(writes.get(drop)).toBeUndefined()
    expect(await storedKeys([keep, drop])).toEqual([1, 0])
  })
})

describe('replay hand-off between tabs (R18)', () => {
  it('closing the tab that holds the replay lock mid-replay hands the rows to the other tab; each key applied once', async () => {
    const { page: first, side, context } = device
    const stockId = await createStockCount()
    const writes = countWrites(context)
    await context.setOffline(true)
    const { keys, clientIds } = await writeOutbox(side, stockLines(stockId, 10))
    const second = await context.newPage()
    second.on('pageerror', (e) => pageErrors.push(e.message))
    await first.goto(`${s.baseUrl}/wel/index`)
    await second.goto(`${s.baseUrl}/outbox`)
    await expect.poll(() => second.locator('[data-testid="outbox-row"]').count(), WAIT).toBe(10)
    // The writes are held at the network edge, so the replaying tab stays in the middle of its pass.
    const held: Route[] = []
    let release = false
    // Alone or in the replay's batch call.
    const isWrite = (url: URL) =>
      url.pathname.endsWith('/api/stockDetail/submit') ||
      url.pathname.endsWith(`/api${SYNC_BATCH_API}`)
    await context.route(isWrite, (route) => (release ? route.fallback() : void held.push(route)))
    await context.setOffline(false)
    await expect.poll(() => held.length, WAIT).toBeGreaterThan(0)
    const leader = await lockHolder([first, second], 'outbox-replay')
    expect(leader).not.toBeNull()
    const other = leader === first ? second : first
    // Every held write came from the tab holding the lock.
    expect(held.every((r) => r.request().frame().page() === leader)).toBe(true)
    // The leader dies with its writes unanswered (they never reach the server); later writes pass.
    release = true
    await leader!.close()
    await outboxEmpty(other)
    if (other === second)
      await expect.poll(() => second.locator('[data-testid="outbox-row"]').count(), WAIT).toBe(0)
    expect((await linesOf(stockId)).map((l) => l.id)).toEqual([...clientIds].sort())
    // Each key applied once: stored once by the server, answered at least once.
    expect(await storedKeys(keys)).toEqual(keys.map(() => 1))
    expect(keys.filter((k) => !writes.get(k))).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
