// Offline quotations end to end: a phone (375 px wide) makes a KOL quotation and records a round on it while
// offline, through the follow-up screen of the production build against the real server. Back
// online, the create and then the update reach the server (same record, docs/offline.md R7): one quotation of the
// KOL, with the round applied, checked through the API.
import type { Page } from 'playwright-core'
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
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let token: string
let kolId: string
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }
const PHONE = { width: 375, height: 812 }

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  const kol = await call(s.baseUrl, 'POST', '/api/kolFile/kolFile/submit', {
    token,
    json: {
      kolName: 'E2E 报价达人',
      tkUserName: 'e2e_quote',
      kolSex: 1,
      kolType: 'blogger',
      kolCategory: 'beauty',
      kolTags: 'rising',
      kolFrom: 'Hồ Chí Minh',
    },
  })
  expect(kol.body.success, JSON.stringify(kol.body)).toBe(true)
  kolId = String(kol.body.data.id)
  browser = await launchBrowser({ viewport: PHONE })
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const openQuotes = async (page: Page) => {
  await page.getByLabel('搜索达人').fill('e2e_quote')
  await page.getByRole('button', { name: 'E2E 报价达人' }).click()
  await page.getByText('记录议价').click()
}

it('creates a quotation and records a round offline on a phone; online, one quotation with the round lands', async () => {
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.goto(`${s.baseUrl}/login`)
  await waitForWorkerControl(page)
  await loginThroughPage(page, s, 'admin', 'admin')
  await waitForOfflineDb(page)

  // Online once: the KOLs, the quotations and the form's dictionaries are read and persisted.
  await page.goto(`${s.baseUrl}/kol/follow-up`)
  await openQuotes(page)
  await page.getByText('该达人还没有报价记录。').waitFor()
  const wanted = ['"kolFile","all"', '"cooperateInfo","all"', '"dictBiz","biz_type"']
  const missing = async () => {
    const hashes = (await cachedQueryHashes(page)).join('\n')
    return wanted.filter((w) => !hashes.includes(w))
  }
  await expect.poll(missing, WAIT).toEqual([])

  // Offline, from a reload: the screen and the form come from cache.
  await browser.context.setOffline(true)
  await page.goto(`${s.baseUrl}/kol/follow-up`)
  await expect
    .poll(() => page.getByTestId('sync-indicator').getAttribute('data-online'), WAIT)
    .toBe('false')
  await openQuotes(page)
  await page.getByRole('button', { name: '新增报价' }).click()
  const dialog = page.getByRole('dialog', { name: '新增报价：E2E 报价达人' })
  await dialog.waitFor()
  // Full screen, with finger-sized controls.
  const box = await dialog.boundingBox()
  expect(box?.width).toBe(PHONE.width)
  const price = dialog.getByRole('textbox', { name: '达人报价', exact: true })
  expect((await price.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expect
    .poll(() => dialog.getByRole('textbox', { name: '城市', exact: true }).inputValue())
    .toBe('Hồ Chí Minh')

  await dialog.getByRole('combobox', { name: '合作类型', exact: true }).click()
  await page.getByRole('option', { name: '直播带货' }).click()
  await dialog.getByRole('button', { name: '排期日期', exact: true }).click()
  await page.getByRole('button', { name: /^15 / }).first().click()
  const prices: [string, string][] = [
    ['达人报价', '120'],
    ['达人佣金', '12'],
    ['一次议价', '110'],
    ['一次议价佣金', '11'],
    ['二次议价', '100'],
    ['二次议价佣金', '10'],
    ['最终价格', '90'],
    ['最终佣金', '9'],
  ]
  for (const [label, value] of prices)
    await dialog.getByRole('textbox', { name: label, exact: true }).fill(value)
  // The schedule row took the prices; Enter saves.
  await expect
    .poll(() => dialog.getByRole('textbox', { name: '最终佣金 1', exact: true }).inputValue())
    .toBe('9')
  await dialog.getByRole('textbox', { name: '最终佣金', exact: true }).press('Enter')
  await expect.poll(async () => (await readOutbox(page)).length, WAIT).toBe(1)
  await dialog.waitFor({ state: 'detached' })

  // Listed at once, pending; a round on it is queued behind the create.
  const quote = page.getByTestId('quote-card')
  await quote.getByText('待同步').waitFor()
  await quote.getByRole('button', { name: '修改最终价格' }).click()
  const nego = page.getByRole('dialog', { name: '议价' })
  await nego.getByRole('textbox', { name: '最终价格 (W)' }).fill('85')
  await nego.getByRole('textbox', { name: '最终佣金 (%)' }).fill('8')
  await nego.getByRole('button', { name: '保存' }).click()
  await expect.poll(async () => (await readOutbox(page)).length, WAIT).toBe(2)
  const [create, round] = await readOutbox(page)
  expect(create).toMatchObject({ entity: 'cooperateInfo', op: 'submit', payload: { kolId } })
  expect(round).toMatchObject({
    entity: 'cooperateInfo',
    op: 'update',
    clientId: create!.clientId,
    payload: { negoPrice3: 85, negoCms3: 8 },
  })
  await quote.getByText('120W → 110W → 100W → 85W').waitFor()

  // Online: both rows go, create first; one quotation with the round.
  await browser.context.setOffline(false)
  await expect
    .poll(
      async () => (await readOutbox(page)).map((r) => `${r.op}:${r.state}:${r.lastError ?? ''}`),
      { timeout: 90_000, interval: 250 },
    )
    .toEqual([])
  const list = await call(s.baseUrl, 'GET', '/api/cooperateinfo/cooperateInfo/list', {
    token,
    query: { kolId, current: '1', size: '10' },
  })
  expect(list.body.success, JSON.stringify(list.body)).toBe(true)
  expect(list.body.data.records).toHaveLength(1)
  const saved = list.body.data.records[0]
  expect({
    id: String(saved.id),
    kolId: String(saved.kolId),
    cooperateType: saved.cooperateType,
    kolFrom: saved.kolFrom,
    kolPrice: Number(saved.kolPrice),
    negoPrice3: Number(saved.negoPrice3),
    negoCms3: Number(saved.negoCms3),
  }).toEqual({
    id: create!.clientId,
    kolId,
    cooperateType: 'live',
    kolFrom: 'Hồ Chí Minh',
    kolPrice: 120,
    negoPrice3: 85,
    negoCms3: 8,
  })
  // The create and then the update were applied: the record is at its second version.
  expect(saved.version).toBe(2)
  expect(pageErrors).toEqual([])
})
