// The field day end to end through the UI (docs/offline.md R1, R16, R23, R24, R7): the production build
// against the real server in headless Chromium, as admin. Online once, the stock count and KOL
// follow-up screens fill the caches; offline, a reload brings the shell and those lists back from
// cache; 30 count lines and 5 KOL contacts are entered on the screens; the page is closed and
// reopened offline with the queue intact (35 rows); back online every row lands exactly once, checked
// in the database. Then a count is finished offline on the count screen: back
// online the server has it finished, with every line counted here landed before the finish.
import { sql } from 'kysely'
import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import {
  cachedQueryHashes,
  readOutbox,
  waitForOfflineDb,
  waitForWorkerControl,
} from '../support/offline-page.ts'
import { addShelfProducts } from '../support/shelf-products.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { replayedKeys } from '../support/replayed-keys.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
let stockId: string
let kolId: string
const CHECK_DATE = '2025-06-02'
const pageErrors: string[] = []
/** expect.poll waits 1 s by default; a page load on a busy machine takes longer. */
const WAIT = { timeout: 60_000, interval: 200 }

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  const token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  await addShelfProducts(s.baseUrl, token, [
    ...Array.from({ length: 12 }, (_, i) => `E2E-SKU-${String(i).padStart(2, '0')}`),
    'FIN-SKU-1',
    'FIN-SKU-2',
    'FIN-SKU-3',
  ])
  const count = await call(s.baseUrl, 'POST', '/api/stockTaking/submit', {
    token,
    json: { checkDate: CHECK_DATE, brandId: 'dmr' },
  })
  expect(count.body.success, JSON.stringify(count.body)).toBe(true)
  stockId = String(count.body.data.id)
  const kol = await call(s.baseUrl, 'POST', '/api/kolFile/kolFile/submit', {
    token,
    json: {
      kolName: 'E2E 达人',
      tkUserName: 'e2e_field',
      kolSex: 1,
      kolType: 'beauty',
      kolCategory: 'beauty',
      kolTags: 'new',
    },
  })
  expect(kol.body.success, JSON.stringify(kol.body)).toBe(true)
  kolId = String(kol.body.data.id)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

async function newPage(): Promise<Page> {
  const p = await browser.context.newPage()
  p.on('pageerror', (e) => pageErrors.push(e.message))
  return p
}

const resume = (checkDate = CHECK_DATE) =>
  page.getByRole('button', { name: new RegExp(`^继续盘点 ${checkDate}`) })
const openKol = async () => {
  await page.getByLabel('搜索达人').fill('e2e')
  await page.getByRole('button', { name: 'E2E 达人' }).click()
}

it('counts 30 lines and logs 5 KOL contacts offline, survives a closed page, and lands every row once', async () => {
  page = await newPage()
  await page.goto(`${s.baseUrl}/login`)
  await waitForWorkerControl(page)
  await loginThroughPage(page, s, 'admin', 'admin')
  await waitForOfflineDb(page)

  // Online once: the open counts, the count's lines, the KOL list and the contact statuses are read and persisted.
  const missing = (wanted: string[]) => async () => {
    const hashes = (await cachedQueryHashes(page)).join('\n')
    return wanted.filter((p) => !hashes.includes(p))
  }
  const stockReads = [
    '"stockTaking","select","count-screen"',
    `"stockDetail","count-lines","${stockId}"`,
  ]
  await page.goto(`${s.baseUrl}/stock/count`)
  await resume().click()
  await page.getByRole('combobox', { name: 'SKU编号' }).waitFor()
  await expect.poll(missing(stockReads), WAIT).toEqual([])
  await page.goto(`${s.baseUrl}/kol/follow-up`)
  await openKol()
  await page.getByRole('button', { name: '保存联系记录' }).waitFor()
  await expect.poll(missing(['"kolFile","all"', ...stockReads]), WAIT).toEqual([])

  // Offline: a reload brings back the shell and the last lists from cache.
  await browser.context.setOffline(true)
  await page.goto(`${s.baseUrl}/stock/count`)
  await page.locator('[data-testid="sidebar"] [data-testid^="menu-"]').first().waitFor()
  await expect
    .poll(() => page.getByTestId('sync-indicator').getAttribute('data-online'), WAIT)
    .toBe('false')
  await resume().click()
  const sku = page.getByRole('combobox', { name: 'SKU编号' })
  const lines: { skuNo: string; quantity: number }[] = []
  for (let i = 0; i < 30; i++) {
    const line = { skuNo: `E2E-SKU-${String(i % 12).padStart(2, '0')}`, quantity: 1 + (i % 3) }
    for (let q = 1; q < line.quantity; q++)
      await page.getByRole('button', { name: '增加数量' }).click()
    await sku.fill(line.skuNo)
    await sku.press('Enter')
    // "Saved on device" only once the outbox committed the row (docs/offline.md R1).
    await expect
      .poll(() => page.getByTestId('count-saved').textContent(), WAIT)
      .toBe(`已保存到本设备：${line.skuNo} × ${line.quantity}`)
    lines.push(line)
  }
  await page.goto(`${s.baseUrl}/kol/follow-up`)
  await openKol()
  const note = page.getByLabel('跟进内容')
  for (let i = 1; i <= 5; i++) {
    await note.fill(`第 ${i} 次联系`)
    await page.getByRole('button', { name: '保存联系记录' }).click()
    await expect.poll(async () => (await readOutbox(page)).length, WAIT).toBe(30 + i)
  }

  // Close the page and open the app again, still offline: the queue is intact.
  await page.close()
  page = await newPage()
  await page.goto(`${s.baseUrl}/wel/index`)
  await expect
    .poll(() => page.getByTestId('sync-indicator').getAttribute('data-count'), WAIT)
    .toBe('35')
  const queued = await readOutbox(page)
  expect(queued.map((r) => r.entity)).toEqual([
    ...Array(30).fill('stockDetail'),
    ...Array(5).fill('kolFollowUp'),
  ])
  // Offline the engine still tries (a failed send only means offline, docs/offline.md R16): a row may be on its way out.
  expect(queued.filter((r) => r.state !== 'pending' && r.state !== 'sending')).toEqual([])

  // Online: every row reaches the server once.
  // Requests that reached the server, per idempotency key (sends tried while offline fail and are not counted).
  const answered = new Map<string, number>()
  page.on('requestfinished', (r: Request) => {
    for (const key of replayedKeys(r)) answered.set(key, (answered.get(key) ?? 0) + 1)
  })
  await browser.context.setOffline(false)
  await expect
    .poll(async () => (await readOutbox(page)).map((r) => r.state), {
      timeout: 90_000,
      interval: 250,
    })
    .toEqual([])
  const keys = queued.map((r) => r.key)
  expect(keys.map((k) => answered.get(k))).toEqual(keys.map(() => 1))
  // Order: each line and each contact is a record of its own, and docs/offline.md R7 orders only the rows of one
  // record (and a row after the rows it references by client id, checked by the next test); across
  // records up to three go at once, and a row whose sends failed while the network came back waits
  // for its backoff while untried rows go. So no order across these rows is asserted.

  const db = await sql<{
    id: string
    skuNo: string
    productQuantity: number
  }>`select id, sku_no, product_quantity from dmr_stock_detail where dmr_stock_id = ${stockId} and is_deleted = 0`.execute(
    s.db,
  )
  expect(db.rows.map((r) => String(r.id)).sort()).toEqual(
    queued
      .slice(0, 30)
      .map((r) => r.clientId)
      .sort(),
  )
  const byId = new Map(db.rows.map((r) => [String(r.id), r]))
  expect(
    queued.slice(0, 30).map((r) => ({
      skuNo: byId.get(r.clientId)!.skuNo,
      quantity: Number(byId.get(r.clientId)!.productQuantity),
    })),
  ).toEqual(lines)
  const total = await sql<{
    stockTotal: number
  }>`select stock_total from dmr_stock_taking where id = ${stockId}`.execute(s.db)
  expect(Number(total.rows[0]!.stockTotal)).toBe(lines.reduce((a, l) => a + l.quantity, 0))
  const followUps = await sql<{
    id: string
    note: string
  }>`select id, note from dmr_kol_follow_up where kol_id = ${kolId} and is_deleted = 0`.execute(
    s.db,
  )
  expect(followUps.rows.map((r) => String(r.id)).sort()).toEqual(
    queued
      .slice(30)
      .map((r) => r.clientId)
      .sort(),
  )
  expect(followUps.rows.map((r) => r.note).sort()).toEqual(
    [1, 2, 3, 4, 5].map((i) => `第 ${i} 次联系`),
  )
  expect(pageErrors).toEqual([])
})

it('a count finished offline is finished on the server after reconnecting, with all its lines landed before the finish', async () => {
  const checkDate = '2025-06-03'
  const token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  const created = await call(s.baseUrl, 'POST', '/api/stockTaking/submit', {
    token,
    json: { checkDate, brandId: 'dmr' },
  })
  const countId = String(created.body.data.id)
  // Online once: the counts (with this one's version) and its lines are read and persisted.
  await page.goto(`${s.baseUrl}/stock/count`)
  await resume(checkDate).click()
  await page.getByRole('combobox', { name: 'SKU编号' }).waitFor()
  await expect
    .poll(async () => {
      const hashes = (await cachedQueryHashes(page)).join('\n')
      return (
        hashes.includes(`"stockDetail","count-lines","${countId}"`) &&
        hashes.includes('"stockTaking","select","count-screen"')
      )
    }, WAIT)
    .toBe(true)

  await browser.context.setOffline(true)
  await page.goto(`${s.baseUrl}/stock/count`)
  await expect
    .poll(() => page.getByTestId('sync-indicator').getAttribute('data-online'), WAIT)
    .toBe('false')
  await resume(checkDate).click()
  const sku = page.getByRole('combobox', { name: 'SKU编号' })
  for (const skuNo of ['FIN-SKU-1', 'FIN-SKU-2', 'FIN-SKU-3']) {
    await sku.fill(skuNo)
    await sku.press('Enter')
    await expect
      .poll(() => page.getByTestId('count-saved').textContent(), WAIT)
      .toBe(`已保存到本设备：${skuNo} × 1`)
  }
  await page.getByRole('button', { name: '完成盘点' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '确认完成' }).click()
  // Back on the start screen, the count is listed as finished (still waiting to sync).
  await page.getByRole('button', { name: new RegExp(`^查看盘点 ${checkDate}`) }).waitFor()
  const queued = (await readOutbox(page)) as (Awaited<ReturnType<typeof readOutbox>>[number] & {
    dependsOn: string[]
  })[]
  expect(queued.map((r) => [r.entity, r.op])).toEqual([
    ['stockDetail', 'submit'],
    ['stockDetail', 'submit'],
    ['stockDetail', 'submit'],
    ['stockTaking', 'update'],
  ])
  const finish = queued[3]!
  expect(finish).toMatchObject({ clientId: countId, payload: { countStatus: 1 }, baseVersion: 1 })
  expect([...finish.dependsOn].sort()).toEqual(
    queued
      .slice(0, 3)
      .map((r) => r.clientId)
      .sort(),
  )

  // Answered requests in the order the server finished them.
  const answered: string[] = []
  page.on('requestfinished', (r: Request) => {
    for (const key of replayedKeys(r)) if (!answered.includes(key)) answered.push(key)
  })
  await browser.context.setOffline(false)
  await expect
    .poll(async () => (await readOutbox(page)).length, { timeout: 90_000, interval: 250 })
    .toBe(0)
  expect(answered.indexOf(finish.key)).toBe(answered.length - 1)
  expect(answered.filter((k) => queued.some((r) => r.key === k))).toHaveLength(4)

  // The server refuses lines of a finished count, so lines present in a finished count landed before it.
  const count = await sql<{
    countStatus: number
    finishTime: string | null
    stockTotal: number
  }>`select count_status, finish_time, stock_total from dmr_stock_taking where id = ${countId}`.execute(
    s.db,
  )
  expect(count.rows[0]).toMatchObject({
    countStatus: 1,
    finishTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  })
  expect(Number(count.rows[0]!.stockTotal)).toBe(3)
  const landed = await sql<{
    id: string
  }>`select id from dmr_stock_detail where dmr_stock_id = ${countId} and is_deleted = 0`.execute(
    s.db,
  )
  expect(landed.rows.map((r) => String(r.id)).sort()).toEqual(
    queued
      .slice(0, 3)
      .map((r) => r.clientId)
      .sort(),
  )
  // The screen now reads the server's state: open it, read-only.
  await page.getByRole('button', { name: new RegExp(`^查看盘点 ${checkDate}`) }).click()
  await page.getByTestId('count-finished').waitFor()
  expect(await page.getByRole('combobox', { name: 'SKU编号' }).count()).toBe(0)
  expect(pageErrors).toEqual([])
})
