// Optimistic concurrency: a write that carries the `version` its form was opened with is refused
// with 409 when the row changed since (nothing written), saying who changed it and when, with the
// current row in `data` for the conflict dialog. A write without version (a plain Blade client) is
// last-write-wins, as Blade is.
import type { EntityDef } from '../../src/domain/entity.ts'
import { badRequest, BladeError } from '../core/envelope.ts'
import { toWire, type AnyDb, type Row } from './table.ts'

const MSG_STALE = '数据已被他人修改，请刷新后重试'

export function hasVersion(input: Row): boolean {
  return input.version !== undefined && input.version !== null && input.version !== ''
}

/** The version the next write stores. */
export const nextVersion = (existing: Row): number => Number(existing.version ?? 0) + 1

/** The real name (else the account) of the user who last changed the row, '' when unknown. */
async function changedBy(db: AnyDb, existing: Row): Promise<string> {
  const id = existing.updateUser ?? existing.createUser
  if (id === undefined || id === null || id === '') return ''
  const user = (await db
    .selectFrom('blade_user')
    .select(['real_name', 'account'])
    .where('id', '=', String(id))
    .executeTakeFirst()) as { realName?: string | null; account?: string | null } | undefined
  return user?.realName || user?.account || ''
}

/**
 * Refuses a write whose version is not the stored one. `existing` is the stored row (camelCase) read
 * in the write's transaction (under its row lock on PostgreSQL); `wire` answers it as the entity's
 * detail does (default: toWire).
 */
export async function assertCurrentVersion(
  db: AnyDb,
  def: EntityDef,
  input: Row,
  existing: Row,
  wire: (row: Row) => Row = (row) => toWire(def, row),
): Promise<void> {
  if (!hasVersion(input)) return
  const v = Number(input.version)
  if (!Number.isInteger(v) || v < 0) throw badRequest('请求参数格式错误: version')
  if (v === Number(existing.version ?? 0)) return
  throw await staleRefusal(db, existing, wire(existing))
}

/**
 * The 409 of a write on a stale version: who changed `existing` and when (where the table records
 * it), `data` the current record (or records, for an action on several rows).
 */
export async function staleRefusal(
  db: AnyDb,
  existing: Row,
  data: Row | Row[],
): Promise<BladeError> {
  const who = await changedBy(db, existing)
  const when = typeof existing.updateTime === 'string' ? existing.updateTime : ''
  const msg = who && when ? `数据已被 ${who} 于 ${when} 修改，请刷新后重试` : MSG_STALE
  return new BladeError(409, msg, {
    data: Array.isArray(data)
      ? data.map((r) => (r.id === existing.id ? { ...r, updateUserName: who } : r))
      : { ...data, updateUserName: who },
  })
}

/**
 * After an update made `where version = <the version read>`: no row changed means another write came
 * between the read and the update (PostgreSQL reads committed rows without a lock), so this one is stale.
 */
export function assertNotOvertaken(result: { numUpdatedRows: bigint }): void {
  if (result.numUpdatedRows === 0n) throw new BladeError(409, MSG_STALE)
}
