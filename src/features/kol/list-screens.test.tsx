// KOL list screens over the engine: queued writes show with their marker (docs/offline.md R24); the KOL list's
// follow-up action and the quotation screen's negotiate action follow their buttons.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { entityHandlers, optionHandlers } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { cooperateInfo } from '@/domain/kol/cooperate-info'
import { kolFile } from '@/domain/kol/kol-file'
import { kolFollowUp } from '@/domain/kol/kol-follow-up'
import { db } from '@/offline/db'
import { enqueue } from '@/offline/outbox'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { setupMsw } from '@/test/msw'
import KolListScreen from './kol-list-screen'
import QuotationScreen from './quotation-screen'

setupMsw(
  ...entityHandlers(kolFile),
  ...entityHandlers(cooperateInfo),
  ...optionHandlers([kolFile, cooperateInfo, kolFollowUp]),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn()
})

const rowOf = (text: string) => screen.getByText(text).closest('tr')!

describe('KOL list screens', () => {
  it('quotations: a round in conflict is marked, and negotiate queues the next round', async () => {
    sessionStore.setPermission({ kol_quotation_view: true, kol_quotation_nego: true })
    const row = await enqueue({
      entity: cooperateInfo.name,
      api: cooperateInfo.api,
      op: 'update',
      clientId: '1001',
      payload: { negoPrice1: 99 },
      baseVersion: 1,
    })
    await db.outbox.update(row.key, { state: 'conflict' })
    const u = userEvent.setup()
    renderScreen(QuotationScreen)
    await screen.findByText('共 25 条')
    await waitFor(() => expect(screen.getAllByText('冲突')).toHaveLength(1))
    expect(screen.getByText('99W')).toBeTruthy()
    const nego = screen.getAllByRole('button', { name: '议价' })
    expect(nego.length).toBeGreaterThan(1)
    await u.click(nego[1]!)
    const dialog = await screen.findByRole('dialog')
    // Sample rows have every round filled: the final round is revised.
    expect(within(dialog).getByText('三轮议价已记录，可修改最终价格')).toBeTruthy()
    await u.type(within(dialog).getByRole('textbox', { name: '最终价格 (W)' }), '300')
    await u.type(within(dialog).getByRole('textbox', { name: '最终佣金 (%)' }), '31')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('最终佣金不能大于30')).toBeTruthy()
    expect(await db.outbox.count()).toBe(1)
  })

  it('quotations: no negotiate action without its button', async () => {
    sessionStore.setPermission({ kol_quotation_view: true })
    renderScreen(QuotationScreen)
    await screen.findAllByRole('button', { name: '查看' })
    expect(screen.queryByRole('button', { name: '议价' })).toBeNull()
  })

  it('KOL list: a queued follow-up moves its KOL on screen, marked pending; follow up logs one', async () => {
    sessionStore.setPermission({ kol_view: true, kol_follow: true })
    await enqueue({
      entity: kolFollowUp.name,
      api: kolFollowUp.api,
      op: 'submit',
      payload: {
        kolId: '1003',
        contactStatus: '2',
        contactTime: '2099-01-01 08:00:00',
        responseDeadline: '2099-01-05 00:00:00',
      },
    })
    const u = userEvent.setup()
    renderScreen(KolListScreen)
    await waitFor(() => expect(rowOf('kolName3').textContent).toContain('待同步'))
    expect(rowOf('kolName3').textContent).toContain('2099-01-01 08:00:00')
    expect(screen.getAllByText('待同步')).toHaveLength(1)
    await u.click(within(rowOf('kolName1')).getByRole('button', { name: '跟进' }))
    const dialog = await screen.findByRole('dialog')
    await u.click(within(dialog).getByRole('combobox', { name: '联系状态' }))
    // The form starts at the KOL's own status (选项一).
    await u.click(await within(dialog).findByRole('option', { name: '选项二' }))
    await u.click(within(dialog).getByRole('button', { name: '保存联系记录' }))
    await waitFor(async () => expect(await db.outbox.count()).toBe(2))
    expect((await db.outbox.orderBy('seq').last())?.payload).toMatchObject({
      kolId: '1001',
      contactStatus: '2',
    })
    await waitFor(() => expect(rowOf('kolName1').textContent).toContain('待同步'))
  })
})
