// What a KOL follow-up does to its KOL: the newest follow-up (by contactTime) sets the KOL's
// contactStatus, lastContactTime and responseDeadline, in the follow-up's transaction. An older
// one (a replay arriving late) leaves the KOL as it is.
import type { AnyDb, Row } from '../../crud/table.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'

/** The live KOL a record points at, in the given tenant, or 400. */
export async function requireKol(trx: AnyDb, tenantId: string, kolId: unknown): Promise<Row> {
  const id = kolId === null || kolId === undefined ? '' : String(kolId)
  const row = id
    ? ((await trx
        .selectFrom('dmr_kol_file')
        .selectAll()
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()) as Row | undefined)
    : undefined
  if (!row) throw badRequest('达人不存在或已被删除')
  return row
}

/** 'yyyy-MM-dd' → 'yyyy-MM-dd 00:00:00', so that times compare as text. */
export function fullDateTime(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null
  const s = String(v)
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s} 00:00:00` : s
}

export async function applyFollowUp(trx: AnyDb, followUp: Row, userId: string): Promise<boolean> {
  if (Number(followUp.isDeleted ?? 0) !== 0) return false
  const kol = await requireKol(trx, String(followUp.tenantId), followUp.kolId)
  const at = fullDateTime(followUp.contactTime)
  if (!at) return false
  // The "newer than the last contact" test is in the UPDATE itself: PostgreSQL re-checks it against
  // a concurrent follow-up's committed change, so two at once cannot move the KOL back. Equal times
  // apply too: re-sending the newest follow-up (an edit of it) keeps the KOL in step.
  const result = await trx
    .updateTable('dmr_kol_file')
    .set((eb) => ({
      contact_status: followUp.contactStatus,
      last_contact_time: at,
      response_deadline: fullDateTime(followUp.responseDeadline),
      update_user: userId,
      update_time: now(),
      // Client-visible fields changed: an edit of the KOL made before this follow-up is stale.
      version: eb('version', '+', 1),
    }))
    .where('id', '=', String(kol.id))
    .where((eb) => eb.or([eb('last_contact_time', 'is', null), eb('last_contact_time', '<=', at)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
