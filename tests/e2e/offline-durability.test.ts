// Offline durability end to end (docs/offline.md R1, R7, R20, R24): the production build against the
// real server in headless Chromium, as admin, through the screens a field user has.
// - docs/offline.md R1: a count line saved offline survives its tab closing the moment it says "saved on
//   device"; a new tab, still offline, finds the row in the outbox and shows it;
// - docs/offline.md R24: offline edits of existing records (a contact moving a KOL's status, a quotation's final
//   price) still show with their pending marker after a reload offline;
// - docs/offline.md R7: a quotation created offline (queued by the page-side writer: the app has no offline
//   create for it) and revised twice on the follow-up screen reaches the server in that order,
//   and the record ends as the last revision;
// - docs/offline.md R20: with the origin's quota lowered (CDP Storage.overrideQuotaForOrigin) an outbox write is
//   refused with a visible message, the query cache is evicted first, queued rows stay; once the
//   quota is back a save works.
import { sql } from 'kysely'
import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import {
  overrideQuota,
  closeWhenTextShows,
  probeWrite,
  queryCacheStats,
  until,
  usageAndQuota,
} from '../support/durability.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import {
  cachedQueryHashes,
  openSidePage,
  readOutbox,
  waitForOfflineDb,
  waitForWorkerControl,
  writeOutbox,
  type QueuedRow,
} from '../support/offline-page.ts'
import { addShelfProducts } from '../support/shelf-products.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { replayedKeys } from '../support/replayed-keys.ts'

let s: TestServer
let token: string
let kolId: string
/** A quotation that exists on the server before the device goes offline (docs/offline.md R24). */
let quoteId: string
const COUNT_DATE = '2025-06-04'
const QUOTA_COUNT_DATE = '2025-06-05'
const stockIds = new Map<string, string>()
/** A browser profile (a device): the app's page and a same-origin side page that does not run the app. */
type Device = Awaited<ReturnType<typeof launchBrowser>> & { page: Page; side: Page }
const devices: Device[] = []
const pageErrors: string[] = []
/** expect.poll waits 1 s by default; a page load on a busy machine takes longer. */
const WAIT = { timeout: 60_000, interval: 200 }

const ROUNDS = {
  kolPrice: 80,
  kolCms: 10,
  negoPrice1: 70,
  negoCms1: 9,
  negoPrice2: 65,
  negoCms2: 8,
  negoPrice3: 60,
  negoCms3: 8,
  skuCount: 6,
}
const quotation = (scheduleDate: string) => ({
  kolId,
  cooperateType: 'live',
  cooperateStatus: 'pending',
  scheduleType: 1,
  scheduleDate,
  specificTime: '20:00',
  ...ROUNDS,
  liveType: 'tiktok_live',
  liveDuration: 120,
  videoView: '30天',
  kolFrom: 'Hà Nội',
  detail: [ROUNDS],
})

async function post(path: string, json: unknown): Promise<Record<string, unknown>> {
  const r = await call(s.baseUrl, 'POST', path, { token, json })
  expect(r.body.success, JSON.stringify(r.body)).toBe(true)
  return r.body.data as Record<string, unknown>
}

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  await addShelfProducts(s.baseUrl, token, [
    'R1-CLOSED',
    'Q-REFUSED',
    'Q-KEEP-1',
    'Q-KEEP-2',
    'Q-AFTER',
  ])
  for (const checkDate of [COUNT_DATE, QUOTA_COUNT_DATE])
    stockIds.set(
      checkDate,
      String((await post('/api/stockTaking/submit', { checkDate, brandId: 'dmr' })).id),
    )
  kolId = String(
    (
      await post('/api/kolFile/kolFile/submit', {
        kolName: '耐久 达人',
        tkUserName: 'e2e_durable',
        kolSex: 1,
        kolType: 'beauty',
        kolCategory: 'beauty',
        kolTags: 'new',
      })
    ).id,
  )
  quoteId = String(
    (await post('/api/cooperateinfo/cooperateInfo/submit', quotation('2026-05-11'))).id,
  )
})
afterAll(async () => {
  for (const d of devices) await d.close()
  await s?.close()
})

async function newPage(device: Pick<Device, 'context'>): Promise<Page> {
  const page = await device.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  return page
}

/** A fresh profile, logged in, whose screens read (and persisted) the count and the KOL once online. */
async function openDevice(checkDate: string): Promise<Device> {
  const browser = await launchBrowser()
  const page = await newPage(browser)
  await page.goto(`${s.baseUrl}/login`)
  await waitForWorkerControl(page)
  await loginThroughPage(page, s, 'admin', 'admin')
  await waitForOfflineDb(page)
  const device = { ...browser, page, side: await openSidePage(browser.context, s.baseUrl) }
  devices.push(device)
  const stockId = stockIds.get(checkDate)!
  const stockReads = [
    '"stockTaking","select","count-screen"',
    `"stockDetail","count-lines","${stockId}"`,
  ]
  await openCount(page, checkDate)
  await until(
    () => missing(page, stockReads),
    (m) => m.length === 0,
    'count reads persisted',
  )
  await page.goto(`${s.baseUrl}/kol/follow-up`)
  await openKol(page)
  await page.getByRole('combobox', { name: '联系状态' }).click()
  await page.getByRole('option', { name: '洽谈中' }).waitFor()
  await page.keyboard.press('Escape')
  await openQuoteTab(page)
  await quoteCard(page, '2026-05-11').waitFor()
  const wanted = [...stockReads, '"kolFile","all","follow-up"', '"cooperateInfo","all","follow-up"']
  await until(
    () => missing(page, wanted),
    (m) => m.length === 0,
    'reads persisted',
  )
  return device
}

async function missing(page: Page, wanted: string[]): Promise<string[]> {
  const hashes = (await cachedQueryHashes(page)).join('\n')
  return wanted.filter((w) => !hashes.includes(w))
}

async function openCount(page: Page, checkDate: string): Promise<void> {
  await page.goto(`${s.baseUrl}/stock/count`)
  await page.getByRole('button', { name: new RegExp(`^继续盘点 ${checkDate}`) }).click()
  await page.getByRole('combobox', { name: 'SKU编号' }).waitFor()
}

async function openKol(page: Page): Promise<void> {
  await page.getByLabel('搜索达人').fill('e2e_durable')
  await page.getByRole('button', { name: '耐久 达人' }).click()
  await page.getByTestId('kol-card').waitFor()
}

const openQuoteTab = (page: Page) => page.getByText('记录议价', { exact: true }).click()
const quoteCard = (page: Page, scheduleDate: string) =>
  page.getByTestId('quote-card').filter({ hasText: scheduleDate })
const markOf = (scope: ReturnType<Page['locator']>) =>
  scope.locator('[data-pending]').first().getAttribute('data-pending', { timeout: 10_000 })
const countLine = (page: Page, skuNo: string) =>
  page.getByTestId('count-line-list').locator('tr', { hasText: skuNo })
const outboxEmpty = (page: Page) =>
  expect
    .poll(async () => (await readOutbox(page)).map((r) => r.state), {
      timeout: 60_000,
      interval: 250,
    })
    .toEqual([])

/** "Revise final price" on a quotation card: the dialog's price (W) and commission (%), saved on the device. */
async function reviseFinal(
  page: Page,
  scheduleDate: string,
  price: number,
  cms: number,
): Promise<void> {
  const rows = (await readOutbox(page)).length
  await quoteCard(page, scheduleDate).getByRole('button', { name: '修改最终价格' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: '最终价格 (W)' }).fill(String(price))
  await dialog.getByRole('textbox', { name: '最终佣金 (%)' }).fill(String(cms))
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect.poll(() => dialog.count(), WAIT).toBe(0)
  await expect.poll(async () => (await readOutbox(page)).length, WAIT).toBe(rows + 1)
}

/** Adds a count line on the open count screen and waits for "saved on device". */
async function countOne(page: Page, skuNo: string): Promise<void> {
  const sku = page.getByRole('combobox', { name: 'SKU编号' })
  await sku.fill(skuNo)
  await sku.press('Enter')
  await expect
    .poll(() => page.getByTestId('count-saved').textContent(), WAIT)
    .toBe(`已保存到本设备：${skuNo} × 1`)
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
    .sort((a, b) => a.skuNo.localeCompare(b.skuNo))
}

async function quoteRecord(
  id: string,
): Promise<{ negoPrice3: number; negoCms3: number; kolPrice: number; version: number }> {
  const r = await sql<
    Record<string, unknown>
  >`select nego_price3, nego_cms3, kol_price, version from dmr_cooperate_info where id = ${id}`.execute(
    s.db,
  )
  const row = r.rows[0]!
  return {
    negoPrice3: Number(row.negoPrice3),
    negoCms3: Number(row.negoCms3),
    kolPrice: Number(row.kolPrice),
    version: Number(row.version),
  }
}

describe('one device offline', () => {
  let device: Device

  beforeAll(async () => {
    device = await openDevice(COUNT_DATE)
  })
  // A scenario that failed with its tab closed does not take the next ones down with it.
  beforeEach(async () => {
    if (device.page.isClosed()) device.page = await newPage(device)
  })

  it('R1: a count line survives its tab closing the moment it shows "saved on device"; a new tab offline has it queued and shows it', async () => {
    const { context } = device
    const stockId = stockIds.get(COUNT_DATE)!
    await context.setOffline(true)
    // The count screen in the one tab of the app, opened by script from the side page (which runs no
    // app): a tab opened by script may close itself, so it closes in the very task that shows the claim.
    await device.page.close()
    const opened = context.waitForEvent('page')
    await device.side.evaluate(() => void window.open('about:blank', '_blank'))
    const page = await opened
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await openCount(page, COUNT_DATE)
    const sku = page.getByRole('combobox', { name: 'SKU编号' })
    await sku.fill('R1-CLOSED')
    await closeWhenTextShows(page, '[data-testid="count-saved"]', '已保存到本设备：R1-CLOSED × 1')
    const closed = page.waitForEvent('close')
    // The key press may still be under way when the tab goes: what it leaves is checked below.
    await sku.press('Enter').catch(() => undefined)
    await closed

    device.page = await newPage(device)
    const reopened = device.page
    await openCount(reopened, COUNT_DATE)
    const queued = (await readOutbox(reopened)).filter((r) => r.payload.skuNo === 'R1-CLOSED')
    expect(
      queued.map((r) => ({ entity: r.entity, op: r.op, dmrStockId: r.payload.dmrStockId })),
    ).toEqual([{ entity: 'stockDetail', op: 'submit', dmrStockId: stockId }])
    // Offline the engine still tries (a failed send only means offline, docs/offline.md R16).
    expect(['pending', 'sending']).toContain(queued[0]!.state)
    await expect.poll(() => markOf(countLine(reopened, 'R1-CLOSED')), WAIT).toBe('pending')

    await context.setOffline(false)
    await outboxEmpty(reopened)
    expect(await linesOf(stockId)).toEqual([{ id: queued[0]!.clientId, skuNo: 'R1-CLOSED' }])
  })

  it("R24: offline edits of existing records (a KOL's status, a quotation's final price) still show with their pending marker after a reload offline", async () => {
    const { context, page } = device
    await context.setOffline(true)
    await page.goto(`${s.baseUrl}/kol/follow-up`)
    await openKol(page)
    const card = page.getByTestId('kol-card')
    await expect.poll(() => card.textContent(), WAIT).toContain('已创建')
    expect(await card.locator('[data-pending]').count()).toBe(0)

    // A contact that moves the KOL to "negotiating", and a new final price on its quotation.
    await page.getByRole('combobox', { name: '联系状态' }).click()
    await page.getByRole('option', { name: '洽谈中' }).click()
    await page.getByLabel('跟进内容').fill('R24 谈价格')
    await page.getByRole('button', { name: '保存联系记录' }).click()
    await expect
      .poll(async () => (await readOutbox(page)).map((r) => r.entity), WAIT)
      .toEqual(['kolFollowUp'])
    await expect.poll(() => markOf(card), WAIT).toBe('pending')
    await expect.poll(() => card.textContent(), WAIT).toContain('洽谈中')
    await openQuoteTab(page)
    const quote = quoteCard(page, '2026-05-11')
    await quote.waitFor()
    expect(await quote.locator('[data-pending]').count()).toBe(0)
    await reviseFinal(page, '2026-05-11', 55, 7)
    await expect.poll(() => quote.textContent(), WAIT).toContain('80W → 70W → 65W → 55W')
    expect(await markOf(quote)).toBe('pending')

    // Reloaded offline, the screen rebuilds both edits from the outbox over the cached reads.
    await page.reload()
    await openKol(page)
    await expect.poll(() => markOf(card), WAIT).toBe('pending')
    await expect.poll(() => card.textContent(), WAIT).toContain('洽谈中')
    await openQuoteTab(page)
    await expect.poll(() => quote.textContent(), WAIT).toContain('80W → 70W → 65W → 55W')
    expect(await markOf(quote)).toBe('pending')

    await context.setOffline(false)
    await outboxEmpty(page)
    expect(await quoteRecord(quoteId)).toEqual({
      negoPrice3: 55,
      negoCms3: 7,
      kolPrice: 80,
      version: 2,
    })
    const kol = await sql<{
      contactStatus: string
    }>`select contact_status from dmr_kol_file where id = ${kolId}`.execute(s.db)
    expect(kol.rows[0]!.contactStatus).toBe('negotiating')
  })

  it('R7: a quotation created offline and revised twice reaches the server create, update, update; the record ends as the last revision', async () => {
    const { context, page, side } = device
    await context.setOffline(true)
    const {
      keys: [createKey],
      clientIds: [id],
    } = await writeOutbox(side, [
      {
        entity: 'cooperateInfo',
        api: '/cooperateinfo/cooperateInfo',
        op: 'submit',
        payload: quotation('2026-05-12'),
        dependsOn: [kolId],
      },
    ])
    await page.goto(`${s.baseUrl}/kol/follow-up`)
    await openKol(page)
    await openQuoteTab(page)
    const quote = quoteCard(page, '2026-05-12')
    await expect.poll(() => markOf(quote), WAIT).toBe('pending')
    await reviseFinal(page, '2026-05-12', 55, 7)
    await expect.poll(() => quote.textContent(), WAIT).toContain('65W → 55W')
    await reviseFinal(page, '2026-05-12', 50, 6)
    await expect.poll(() => quote.textContent(), WAIT).toContain('65W → 50W')
    const rows = (await readOutbox(page)).filter((r) => r.clientId === id!)
    expect(rows.map((r) => [r.op, r.payload.negoPrice3, r.payload.negoCms3])).toEqual([
      ['submit', 60, 8],
      ['update', 55, 7],
      ['update', 50, 6],
    ])
    const keys = rows.map((r) => r.key)
    expect(keys[0]).toBe(createKey)

    // The order in which the server answered each key (sends tried offline fail and are not seen here).
    const answered: string[] = []
    const seen = (r: Request) => {
      for (const key of replayedKeys(r))
        if (keys.includes(key) && !answered.includes(key)) answered.push(key)
    }
    context.on('requestfinished', seen)
    // What the page shows while it replays, sampled every 20 ms: a confirmed revision must never give
    // way to an earlier one while the list refetches (the card once flicked back for a moment).
    await page.evaluate((date) => {
      const w = window as unknown as { shown: string[] }
      w.shown = []
      const card = () =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="quote-card"]')].find((c) =>
          c.innerText.includes(date),
        )
      setInterval(() => w.shown.push(card()?.innerText ?? ''), 20)
    }, '2026-05-12')
    await context.setOffline(false)
    await outboxEmpty(page)
    context.off('requestfinished', seen)
    expect(answered).toEqual(keys)
    // The server's own record of the three requests: stored in that order, each applied on top of
    // the one before (the answers carry versions 1, 2, 3).
    const stored = await sql<{
      idemKey: string
      createdAt: number
      response: string
    }>`select idem_key, created_at, response from blade_idempotency where idem_key in (${sql.join(keys)})`.execute(
      s.db,
    )
    const byKey = new Map(stored.rows.map((r) => [r.idemKey, r]))
    expect(
      keys.map(
        (k) => (JSON.parse(byKey.get(k)!.response) as { data: { version: number } }).data.version,
      ),
    ).toEqual([1, 2, 3])
    const times = keys.map((k) => Number(byKey.get(k)!.createdAt))
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(await quoteRecord(id!)).toEqual({
      negoPrice3: 50,
      negoCms3: 6,
      kolPrice: 80,
      version: 3,
    })
    // Confirmed, the card shows the server's record without a marker; at no moment of the replay did
    // it show an earlier revision.
    await expect.poll(() => quote.locator('[data-pending]').count(), WAIT).toBe(0)
    await expect.poll(() => quote.textContent(), WAIT).toContain('65W → 50W')
    const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown)
    expect(shown.filter((text) => text.includes('65W → 50W')).length).toBeGreaterThan(0)
    expect(shown.filter((text) => /65W → (60|55)W/.test(text))).toEqual([])
    expect(pageErrors).toEqual([])
  })
})

describe('out of space (R20)', () => {
  it('an outbox write that does not fit is refused with a visible message after the query cache was evicted; queued rows stay; with the quota back a save works', async () => {
    const device = await openDevice(QUOTA_COUNT_DATE)
    const { context, page, side } = device
    const stockId = stockIds.get(QUOTA_COUNT_DATE)!
    await context.setOffline(true)
    await openCount(page, QUOTA_COUNT_DATE)
    await countOne(page, 'Q-KEEP-1')
    await countOne(page, 'Q-KEEP-2')
    const fixed = (rows: QueuedRow[]) =>
      rows.map((r) => ({
        key: r.key,
        seq: r.seq,
        entity: r.entity,
        clientId: r.clientId,
        op: r.op,
        payload: r.payload,
      }))
    const queued = await readOutbox(page)
    expect(queued.map((r) => r.payload.skuNo)).toEqual(['Q-KEEP-1', 'Q-KEEP-2'])
    const cache = await queryCacheStats(page)
    expect(cache.rows).toBeGreaterThan(1)

    // A quota below what the persisted query cache alone takes. The override lives with this CDP session.
    const cdp = await context.newCDPSession(page)
    const origin = s.baseUrl
    const quota = Math.floor(cache.bytes / 2)
    await overrideQuota(cdp, origin, quota)
    const q = await usageAndQuota(cdp, origin)
    expect({ quota: q.quota, overrideActive: q.overrideActive }).toEqual({
      quota,
      overrideActive: true,
    })
    expect(q.usage).toBeGreaterThan(quota)
    // IndexedDB keeps spending its cached allowance for up to 30 s; once a probe is refused every write is checked.
    await expect
      .poll(() => probeWrite(side), { timeout: 45_000, interval: 1000 })
      .toBe('QuotaExceededError')
    // Over quota the cache is still there: nothing has evicted it yet.
    expect((await queryCacheStats(page)).rows).toBe(cache.rows)

    const sku = page.getByRole('combobox', { name: 'SKU编号' })
    await sku.fill('Q-REFUSED')
    await sku.press('Enter')
    await expect
      .poll(() => page.getByRole('alert').textContent(), WAIT)
      .toContain('设备存储空间不足，本次修改未保存')
    expect(await page.getByTestId('count-saved').textContent()).not.toContain('Q-REFUSED')
    // What the user typed is kept for another try.
    expect(await sku.inputValue()).toBe('Q-REFUSED')
    // The query cache was evicted to make room (all of it: clearQueryCache); the queued rows were not touched.
    expect((await queryCacheStats(page)).rows).toBe(0)
    expect(fixed(await readOutbox(page))).toEqual(fixed(queued))

    // The quota back to normal: the next save is written and said.
    await overrideQuota(cdp, origin)
    expect((await usageAndQuota(cdp, origin)).overrideActive).toBe(false)
    await countOne(page, 'Q-AFTER')
    expect(await page.getByRole('alert').count()).toBe(0)
    expect((await readOutbox(page)).map((r) => r.payload.skuNo)).toEqual([
      'Q-KEEP-1',
      'Q-KEEP-2',
      'Q-AFTER',
    ])
    await expect.poll(() => markOf(countLine(page, 'Q-AFTER')), WAIT).toBe('pending')
    expect(await countLine(page, 'Q-REFUSED').count()).toBe(0)

    await context.setOffline(false)
    await outboxEmpty(page)
    expect((await linesOf(stockId)).map((l) => l.skuNo)).toEqual([
      'Q-AFTER',
      'Q-KEEP-1',
      'Q-KEEP-2',
    ])
    expect(pageErrors).toEqual([])
  }, 180_000)
})
