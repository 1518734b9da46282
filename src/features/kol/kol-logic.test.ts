// Negotiation rounds and the phone's KOL overlay: pure rules.
import { describe, expect, it } from 'vitest'
import '@/test/i18n'
import { sourceText } from '@/domain/messages'
import type { OutboxRow } from '@/offline/db'
import { applyFollowUps, isDue, searchKols } from './kol-overlay'
import { checkRound, nextRound, roundPayload } from './nego-round'

let seq = 0
const followUp = (
  kolId: string,
  contactTime: string,
  patch: Partial<OutboxRow> = {},
): OutboxRow => ({
  key: `k${++seq}`,
  seq,
  entity: 'kolFollowUp',
  api: '/kolFollowUp/kolFollowUp',
  clientId: `9${seq}`,
  op: 'submit',
  payload: {
    kolId,
    contactTime,
    contactStatus: `s${seq}`,
    responseDeadline: '2030-01-01 00:00:00',
  },
  payloadSchemaVersion: 1,
  baseVersion: null,
  dependsOn: [kolId],
  createdAt: 0,
  attempts: 0,
  backoffStep: 0,
  nextAttemptAt: 0,
  lastError: null,
  state: 'pending',
  userId: '1',
  tenantId: '000000',
  ...patch,
})

describe('negotiation rounds', () => {
  it('records the first open round, then revises the final one', () => {
    expect(nextRound({ kolPrice: 100 })).toEqual({ round: 1, revise: false })
    expect(nextRound({ negoPrice1: 90, negoPrice2: '' })).toEqual({ round: 2, revise: false })
    expect(nextRound({ negoPrice1: 90, negoPrice2: 80, negoPrice3: 70 })).toEqual({
      round: 3,
      revise: true,
    })
  })

  it('checks limits and requiredness with the declaration messages', () => {
    const over = checkRound(2, { price: 10001, cms: 31 })
    expect([sourceText(over.price!), sourceText(over.cms!)]).toEqual([
      '二次议价不能大于10000',
      '二次议价佣金不能大于30',
    ])
    expect(sourceText(checkRound(1, { price: null, cms: 5 }).price!)).toBe('请输入一次议价')
    expect(checkRound(3, { price: 10000, cms: 30 })).toEqual({ price: null, cms: null })
    expect(roundPayload(3, { price: '120', cms: 5 })).toEqual({ negoPrice3: 120, negoCms3: 5 })
  })
})

describe('KOL overlay', () => {
  const kols = [
    {
      id: '1',
      kolName: 'Linh',
      tkUserName: 'linh.style',
      lastContactTime: '2026-01-02 00:00:00',
      responseDeadline: '2026-01-01 00:00:00',
      contactStatus: 'created',
    },
    {
      id: '2',
      kolName: 'Minh',
      tkUserName: 'minh.review',
      lastContactTime: null,
      responseDeadline: null,
      contactStatus: 'created',
    },
  ]

  it('applies the newest pending follow-up of a KOL, never an older one than its last contact', () => {
    const out = applyFollowUps(kols, [
      followUp('2', '2026-02-01 10:00:00'),
      followUp('2', '2026-02-03 10:00:00'),
      followUp('1', '2025-12-31 00:00:00', { state: 'rejected' }),
    ])
    expect(out[1]).toMatchObject({
      lastContactTime: '2026-02-03 10:00:00',
      contactStatus: 's2',
      responseDeadline: '2030-01-01 00:00:00',
      __pending: 'pending',
    })
    expect(out[0]).toMatchObject({
      lastContactTime: '2026-01-02 00:00:00',
      contactStatus: 'created',
      __pending: 'rejected',
    })
  })

  it('searches name, TikTokId, contact and city; marks KOLs due today or overdue', () => {
    expect(searchKols(kols, 'REVIEW').map((k) => k.id)).toEqual(['2'])
    expect(searchKols(kols, ' ').map((k) => k.id)).toEqual(['1', '2'])
    expect(kols.filter((k) => isDue(k, '2026-01-01')).map((k) => k.id)).toEqual(['1'])
    expect(kols.filter((k) => isDue(k, '2025-12-31'))).toEqual([])
  })
})
