// The KOL writes of the follow-up screens, all through the outbox (docs/offline.md R1): a contact log
// (an append-only follow-up with a client id), a new quotation (a create with a client id) and a
// negotiation round (an update of the quotation carrying the version it was made on, so a
// concurrent edit ends as a conflict, docs/offline.md R8). A round on a quotation still on the device queues
// behind its create (same record, docs/offline.md R7) and takes the version the create confirms.
import dayjs from 'dayjs'
import { cooperateInfo } from '@/domain/kol/cooperate-info'
import { kolFollowUp } from '@/domain/kol/kol-follow-up'
import type { OutboxRow } from '@/offline/db'
import { enqueue } from '@/offline/outbox'
import { roundPayload, type Round, type RoundInput } from './nego-round'

export const DATETIME = 'YYYY-MM-DD HH:mm:ss'

export interface ContactInput {
  contactStatus: string
  note: string
  /** 'YYYY-MM-DD HH:mm:ss' or '' */
  nextContactTime: string
  responseDeadline: string
}

export function logContact(kolId: string, input: ContactInput, now = dayjs()): Promise<OutboxRow> {
  const payload = {
    kolId,
    contactStatus: input.contactStatus,
    contactTime: now.format(DATETIME),
    note: input.note.trim() || null,
    nextContactTime: input.nextContactTime || null,
    responseDeadline: input.responseDeadline || null,
  }
  // dependsOn: a KOL created on this device is sent first.
  return enqueue({
    entity: kolFollowUp.name,
    api: kolFollowUp.api,
    op: 'submit',
    payload,
    dependsOn: [kolId],
  })
}

export function createQuote(kolId: string, body: Record<string, unknown>): Promise<OutboxRow> {
  // dependsOn: a KOL created on this device is sent first.
  return enqueue({
    entity: cooperateInfo.name,
    api: cooperateInfo.api,
    op: 'submit',
    payload: { ...body, kolId },
    dependsOn: [kolId],
  })
}

export function recordRound(
  quote: Record<string, unknown>,
  round: Round,
  input: RoundInput,
): Promise<OutboxRow> {
  const version = typeof quote.version === 'number' ? quote.version : null
  return enqueue({
    entity: cooperateInfo.name,
    api: cooperateInfo.api,
    op: 'update',
    clientId: String(quote.id),
    payload: roundPayload(round, input),
    baseVersion: version,
  })
}
