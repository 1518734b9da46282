// The phone follow-up screen against the real outbox (fake-indexeddb) and msw: the KOLs are listed
// at once (no search), due and overdue first, a page at a time, with the contact status by its
// label; after one online visit the list shows offline from the persisted read cache; logging a contact queues a follow-up with the right payload (and the card
// shows it pending), a quotation round over 10000 W is refused with the declaration's message and
// a valid one is queued as an update on the version it was made on.
import { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { db } from '@/offline/db'
import {
  createQueryPersister,
  persistOptions,
  QUERY_CACHE_MAX_AGE,
} from '@/offline/query-persister'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import FollowUpScreen from './follow-up-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD 10:00:00')
const today = dayjs().format('YYYY-MM-DD 18:00:00')
const nextWeek = dayjs().add(7, 'day').format('YYYY-MM-DD 10:00:00')
// Newest first by createTime (the server's default), so a plain list would show the due ones last.
const KOLS = [
  {
    id: '14',
    kolName: 'Hoa Lê',
    tkUserName: 'hoale.daily',
    tkFollowers: 12000,
    contactStatus: 'created',
    lastContactTime: null,
    responseDeadline: null,
    createTime: '2026-01-05 09:00:00',
    version: 1,
  },
  {
    id: '13',
    kolName: 'Thảo Phạm',
    tkUserName: 'thaopham.beauty',
    tkFollowers: 46000,
    contactStatus: 'created',
    lastContactTime: null,
    responseDeadline: null,
    createTime: '2026-01-04 09:00:00',
    version: 1,
  },
  {
    id: '12',
    kolName: 'Minh Trần',
    tkUserName: 'minhtran.review',
    tkFollowers: 92000,
    contactStatus: 'created',
    lastContactTime: null,
    responseDeadline: nextWeek,
    createTime: '2026-01-03 09:00:00',
    version: 1,
  },
  {
    id: '15',
    kolName: 'Quân Võ',
    tkUserName: 'quanvo.tech',
    tkFollowers: 30000,
    contactStatus: 'negotiating',
    lastContactTime: '2026-01-03 09:00:00',
    responseDeadline: today,
    createTime: '2026-01-02 09:00:00',
    version: 3,
  },
  {
    id: '11',
    kolName: 'Linh Nguyễn',
    tkUserName: 'linhnguyen.style',
    tkFollowers: 185000,
    contactStatus: 'contacted',
    lastContactTime: '2026-01-02 09:00:00',
    responseDeadline: yesterday,
    createTime: '2026-01-01 09:00:00',
    version: 2,
  },
]
type KolRow = (typeof KOLS)[number]
let kols: KolRow[] = KOLS
let offline = false
const listCalls: URLSearchParams[] = []

/** The generic list as the server answers it: the null/notnull filters, one sort column, paging. */
function kolList(q: URLSearchParams) {
  let rows = [...kols]
  if (q.get('responseDeadline_notnull') !== null)
    rows = rows.filter((k) => k.responseDeadline !== null)
  if (q.get('responseDeadline_null') !== null)
    rows = rows.filter((k) => k.responseDeadline === null)
  const asc = q.get('ascs') as keyof KolRow | null
  const desc = q.get('descs') as keyof KolRow | null
  if (asc) rows.sort((a, b) => String(a[asc]).localeCompare(String(b[asc])))
  if (desc) rows.sort((a, b) => String(b[desc]).localeCompare(String(a[desc])))
  const size = Number(q.get('size'))
  const current = Number(q.get('current'))
  return {
    records: rows.slice((current - 1) * size, current * size),
    total: rows.length,
    size,
    current,
    pages: Math.ceil(rows.length / size),
  }
}
const QUOTES = [
  {
    id: '501',
    kolId: '11',
    scheduleDate: '2026-02-01',
    kolPrice: 120,
    kolCms: 12,
    negoPrice1: null,
    negoCms1: null,
    version: 3,
  },
]

setupMsw(
  mock.get(`${API}/kolFile/kolFile/list`, ({ request }) => {
    if (offline) return HttpResponse.error()
    const q = new URL(request.url).searchParams
    listCalls.push(q)
    return ok(kolList(q))
  }),
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
  kols = KOLS
  offline = false
  listCalls.length = 0
  sessionStore.setPermission({ kol_quotation_add: true, kol_quotation_nego: true })
})

const listNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .map((b) => b.querySelector('p')?.textContent)
/** A KOL's card, whose name starts with the KOL's (then handle, status, deadline). */
const kolCard = (name: string) => ({ name: new RegExp(`^${name}\\s*@`) })
// The persister packages are typed against another copy of query-core; the client is the app's (same API at runtime).
const core = (qc: QueryClient) =>
  qc as unknown as Parameters<typeof persistQueryClientSave>[0]['queryClient']
const newClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: QUERY_CACHE_MAX_AGE },
      mutations: { retry: false },
    },
  })

describe('KOL follow-up screen', () => {
  it('lists the KOLs at once, due and overdue first, then later deadlines, then none; statuses by their labels', async () => {
    renderScreen(FollowUpScreen)
    const list = await screen.findByTestId('kol-list')
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(5))
    expect(listNames(list)).toEqual(['Linh Nguyễn', 'Quân Võ', 'Minh Trần', 'Hoa Lê', 'Thảo Phạm'])
    // The server is asked for the order, through the declared sort (the first run) and filters.
    expect(
      listCalls.some(
        (q) => q.get('ascs') === 'responseDeadline' && q.get('responseDeadline_notnull') !== null,
      ),
    ).toBe(true)
    // Labels, not dictionary codes.
    await waitFor(() =>
      expect(within(list).getByRole('button', kolCard('Linh Nguyễn')).textContent).toContain(
        '已联系',
      ),
    )
    expect(within(list).getByRole('button', kolCard('Quân Võ')).textContent).toContain('洽谈中')
    expect(within(list).getByRole('button', kolCard('Minh Trần')).textContent).toContain('已创建')
    expect(list.textContent).not.toMatch(/created|contacted|negotiating/i)
  })

  it('shows a page at a time: the next one on "load more", the KOLs without a deadline after the dated ones', async () => {
    const u = userEvent.setup()
    const dated = Array.from({ length: 22 }, (_, i) => ({
      ...KOLS[4]!,
      id: `2${String(i).padStart(2, '0')}`,
      kolName: `Dated ${String(i).padStart(2, '0')}`,
      responseDeadline: dayjs()
        .add(i - 5, 'day')
        .format('YYYY-MM-DD 10:00:00'),
    }))
    kols = [...KOLS.slice(0, 2), ...dated]
    renderScreen(FollowUpScreen)
    const list = await screen.findByTestId('kol-list')
    await waitFor(() => expect(listNames(list)).toHaveLength(20))
    expect(listNames(list)).toEqual(dated.slice(0, 20).map((k) => k.kolName))
    await u.click(screen.getByRole('button', { name: '加载更多' }))
    await waitFor(() => expect(listNames(screen.getByTestId('kol-list'))).toHaveLength(24))
    expect(listNames(screen.getByTestId('kol-list')).slice(18)).toEqual([
      'Dated 18',
      'Dated 19',
      'Dated 20',
      'Dated 21',
      'Hoa Lê',
      'Thảo Phạm',
    ])
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull()
  })

  it('shows the contact status on the card by its label, not upper-cased', async () => {
    const u = userEvent.setup()
    renderScreen(FollowUpScreen)
    await u.click(
      await within(await screen.findByTestId('kol-list')).findByRole(
        'button',
        kolCard('Minh Trần'),
      ),
    )
    const status = await within(await screen.findByTestId('kol-card')).findByTestId('kol-status')
    await waitFor(() => expect(status.textContent).toBe('已创建'))
    expect(status.style.textTransform).toBe('none')
  })

  it('offline, lists the KOLs of the persisted read cache of an earlier online visit', async () => {
    const persister = createQueryPersister({ throttleMs: 0 })
    const online = newClient()
    const first = renderScreen(FollowUpScreen, '/', online)
    await waitFor(() => expect(listNames(screen.getByTestId('kol-list'))).toHaveLength(5))
    await waitFor(() =>
      expect(screen.getByRole('button', kolCard('Linh Nguyễn')).textContent).toContain('已联系'),
    )
    await persistQueryClientSave({
      queryClient: core(online),
      persister,
      buster: persistOptions.buster,
      dehydrateOptions: persistOptions.dehydrateOptions,
    })
    await persister.flush()
    first.unmount()

    // A reload offline: the cache is restored into a new client; the network fails.
    offline = true
    listCalls.length = 0
    const restored = newClient()
    await persistQueryClientRestore({
      queryClient: core(restored),
      persister,
      buster: persistOptions.buster,
      maxAge: persistOptions.maxAge,
    })
    renderScreen(FollowUpScreen, '/', restored)
    const list = await screen.findByTestId('kol-list')
    await waitFor(() =>
      expect(listNames(list)).toEqual([
        'Linh Nguyễn',
        'Quân Võ',
        'Minh Trần',
        'Hoa Lê',
        'Thảo Phạm',
      ]),
    )
    expect(within(list).getByRole('button', kolCard('Quân Võ')).textContent).toContain('洽谈中')
    expect(listCalls).toEqual([])
  })

  it('logs a contact as a follow-up row in the outbox, and the KOL shows it pending', async () => {
    const u = userEvent.setup()
    renderScreen(FollowUpScreen)
    await u.type(await screen.findByRole('textbox', { name: '搜索达人' }), 'minh')
    await waitFor(() => expect(listNames(screen.getByTestId('kol-list'))).toEqual(['Minh Trần']))
    await u.click(within(screen.getByTestId('kol-list')).getByRole('button', kolCard('Minh Trần')))
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
      payload: {
        kolId: '12',
        contactStatus: 'negotiating',
        note: 'asked for rate card',
        nextContactTime: null,
        responseDeadline: '2030-05-06 09:30:00',
        contactTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    })
    expect(row!.clientId).toMatch(/^\d{19}$/)
    await waitFor(() =>
      expect(within(screen.getByTestId('kol-card')).getByText('待同步')).toBeTruthy(),
    )
    expect(within(screen.getByTestId('kol-card')).getByText('2030-05-06 09:30:00')).toBeTruthy()
  })

  it('refuses a round over 10000 W with the declaration message, then queues a valid round on the base version', async () => {
    const u = userEvent.setup()
    renderScreen(FollowUpScreen)
    await u.click(
      await within(await screen.findByTestId('kol-list')).findByRole(
        'button',
        kolCard('Linh Nguyễn'),
      ),
    )
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
    expect((await db.outbox.toArray())[0]).toMatchObject({
      entity: 'cooperateInfo',
      op: 'update',
      clientId: '501',
      baseVersion: 3,
      payload: { negoPrice1: 150, negoCms1: 10 },
    })
    // The round shows at once, pending, and the next one is round 2.
    const quote = await screen.findByTestId('quote-card')
    await waitFor(() => expect(within(quote).getByText('120W → 150W')).toBeTruthy())
    expect(within(quote).getByText('待同步')).toBeTruthy()
    expect(within(quote).getByRole('button', { name: '记录第 2 轮' })).toBeTruthy()
  })
})
