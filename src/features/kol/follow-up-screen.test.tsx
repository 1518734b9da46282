// The phone follow-up screen against the real outbox (fake-indexeddb) and msw: the due list shows
// overdue KOLs only, logging a contact queues a follow-up with the right payload (and the card
// shows it pending), a quotation round over 10000 W is refused with the declaration's message and
// a valid one is queued as an update on the version it was made on.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/crud/test-utils'
import { db } from '@/offline/db'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import FollowUpScreen from './follow-up-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD 10:00:00')
const nextWeek = dayjs().add(7, 'day').format('YYYY-MM-DD 10:00:00')
const KOLS = [
  { id: '11', kolName: 'Linh Nguyễn', tkUserName: 'linhnguyen.style', tkFollowers: 185000, contactStatus: 'contacted', lastContactTime: '2026-01-02 09:00:00', responseDeadline: yesterday, version: 2 },
  { id: '12', kolName: 'Minh Trần', tkUserName: 'minhtran.review', tkFollowers: 92000, contactStatus: 'created', lastContactTime: null, responseDeadline: nextWeek, version: 1 },
  { id: '13', kolName: 'Thảo Phạm', tkUserName: 'thaopham.beauty', tkFollowers: 46000, contactStatus: 'created', lastContactTime: null, responseDeadline: null, version: 1 },
]
const QUOTES = [{ id: '501', kolId: '11', scheduleDate: '2026-02-01', kolPrice: 120, kolCms: 12, negoPrice1: null, negoCms1: null, version: 3 }]

setupMsw(
  mock.get(`${API}/kolFile/kolFile/list`, () => ok({ records: KOLS, total: KOLS.length })),
  mock.get(`${API}/cooperateinfo/cooperateInfo/list`, () => ok({ records: QUOTES, total: 1 })),
  mock.get(`${API}/blade-system/dict-biz/dictionary`, () =>
    ok([
      { dictKey: 'created', dictValue: '已创建' },
      { dictKey: 'contacted', dictValue: '已联系' },
      { dictKey: 'negotiating', dictValue: '洽谈中' },
    ]),
  ),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn()
  sessionStore.setPermission({ kol_quotation_add: true, kol_quotation_nego: true })
})

describe('KOL follow-up screen', () => {
  it('lists KOLs due today or overdue, not later ones', async () => {
    renderScreen(FollowUpScreen)
    const due = await screen.findByTestId('due-list')
    expect(within(due).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Linh Nguyễn'])
  }, 20_000)

  it('logs a contact as a follow-up row in the outbox, and the KOL shows it pending', async () => {
    const u = userEvent.setup()
    renderScreen(FollowUpScreen)
    await u.type(await screen.findByRole('textbox', { name: '搜索达人' }), 'minh')
    await u.click(within(await screen.findByTestId('kol-results')).getByRole('button', { name: 'Minh Trần' }))
    const card = await screen.findByTestId('kol-card')
    expect(within(card).getByText('92K')).toBeTruthy()
    await u.click(screen.getByRole('combobox', { name: '联系状态' }))
    await u.click(await screen.findByRole('option', { name: '洽谈中' }))
    await u.type(screen.getByRole('textbox', { name: '跟进内容' }), 'asked for rate card')
    await u.type(screen.getByLabelText('回复期限'), '2030-05-06T09:30')
    await u.click(screen.getByRole('button', { name: '保存联系记录' }))
    await waitFor(async () => expect(await db.outbox.count()).toBe(1))
    const [row] = await db.outbox.toArray()
    expect(row).toMatchObject({
      entity: 'kolFollowUp',
      api: '/kolFollowUp/kolFollowUp',
      op: 'submit',
      dependsOn: ['12'],
      payload: { kolId: '12', contactStatus: 'negotiating', note: 'asked for rate card', nextContactTime: null, responseDeadline: '2030-05-06 09:30:00', contactTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
    })
    expect(row!.clientId).toMatch(/^\d{19}$/)
    await waitFor(() => expect(within(screen.getByTestId('kol-card')).getByText('待同步')).toBeTruthy())
    expect(within(screen.getByTestId('kol-card')).getByText('2030-05-06 09:30:00')).toBeTruthy()
  }, 20_000)

  it('refuses a round over 10000 W with the declaration message, then queues a valid round on the base version', async () => {
    const u = userEvent.setup()
    renderScreen(FollowUpScreen)
    await u.click(within(await screen.findByTestId('due-list')).getByRole('button', { name: 'Linh Nguyễn' }))
    await u.click(await screen.findByText('记录议价'))
    await u.click(await screen.findByRole('button', { name: '记录第 1 轮' }))
    const dialog = await screen.findByRole('dialog')
    const price = within(dialog).getByRole('textbox', { name: '一次议价 (W)' })
    await u.type(price, '20000')
    await u.type(within(dialog).getByRole('textbox', { name: '一次议价佣金 (%)' }), '10')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('一次议价不能大于10000')).toBeTruthy()
    expect(await db.outbox.count()).toBe(0)
    await u.clear(price)
    await u.type(price, '150')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(async () => expect(await db.outbox.count()).toBe(1))
    expect((await db.outbox.toArray())[0]).toMatchObject({ entity: 'cooperateInfo', op: 'update', clientId: '501', baseVersion: 3, payload: { negoPrice1: 150, negoCms1: 10 } })
    // The round shows at once, pending, and the next one is round 2.
    const quote = await screen.findByTestId('quote-card')
    await waitFor(() => expect(within(quote).getByText('120W → 150W')).toBeTruthy())
    expect(within(quote).getByText('待同步')).toBeTruthy()
    expect(within(quote).getByRole('button', { name: '记录第 2 轮' })).toBeTruthy()
  }, 20_000)
})
