// Actions that write by ids only (grants, unlock, reset password, settings, enable) were last-write-
// wins. A caller may now send the versions of the rows it read (`versions`, aligned with the ids
// list, or `version` beside a single `id`): a row changed since is refused with 409 as a stale form
// save is, and nothing is written. Every such action raises the version of the rows it acts on, so a
// second caller that read them before is caught. Without versions the action is as Blade has it.
import type { EntityDef } from '../../src/domain/entity.ts'
import { badRequest } from '../core/envelope.ts'
import { isId } from '../core/ids.ts'
import { assertNotOvertaken, staleRefusal } from './version.ts'
import { toWire, type AnyDb, type Row } from './table.ts'

const MSG_COUNT = '版本号的个数必须与所选数据的个数相同'

/** The version each id was read at, or null when the caller sent none. */
export type ReadVersions = Map<string, number> | null

const listOf = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(','))
    .map((s) => s.trim())
    .filter(Boolean)

function versionOf(raw: string, name: string): number {
  const v = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(v)) throw badRequest(`请求参数格式错误: ${name}`)
  return v
}

/**
 * `versions` read beside an ids list: one per id, in the same order (`userIds=1,2&versions=3,5`).
 * Absent or empty: null. Another count, or one id given twice with two versions, is a 400.
 */
export function versionsParam(
  rawIds: unknown,
  rawVersions: unknown,
  idsName: string,
  versionsName = 'versions',
): ReadVersions {
  const versions = listOf(rawVersions)
  if (versions.length === 0) return null
  const ids = listOf(rawIds)
  if (versions.length !== ids.length) throw badRequest(MSG_COUNT)
  const out = new Map<string, number>()
  ids.forEach((id, i) => {
    if (!isId(id)) throw badRequest(`请求参数格式错误: ${idsName}`)
    const v = versionOf(versions[i]!, versionsName)
    if (out.has(id) && out.get(id) !== v) throw badRequest(`请求参数格式错误: ${versionsName}`)
    out.set(id, v)
  })
  return out
}

/** `version` read beside a single `id`; absent or empty: null. */
export function versionParam(id: string, rawVersion: string | undefined): ReadVersions {
  if (rawVersion === undefined || rawVersion.trim() === '') return null
  return new Map([[id, versionOf(rawVersion.trim(), 'version')]])
}

interface Checked {
  def: EntityDef
  ids: string[]
  read: ReadVersions
  /** The row answered in a 409 (default: as the entity's detail answers it). */
  wire?: (row: Row) => Row
  /** PostgreSQL: lock the rows while they are checked, as a form save does. */
  lock?: boolean
  /** False for an action that reads the rows without writing them (a copy): checked, not raised. */
  raise?: boolean
}

/**
 * Inside the action's transaction, before it writes anything: refuses (409, current rows in `data`:
 * the record for one id, the list for several) when a row is not at the version the caller read,
 * then raises every row's version. The raise is made on the version just read, so a write that came
 * in between is caught as well.
 */
export async function checkAndRaiseVersions(
  db: AnyDb,
  { def, ids, read, wire = (row) => toWire(def, row), lock, raise = true }: Checked,
): Promise<Row[]> {
  let q = db.selectFrom(def.table).selectAll().where('id', 'in', ids)
  if (lock) q = q.forUpdate()
  const rows = (await q.execute()) as Row[]
  if (read) {
    const stale = rows.find(
      (r) => read.has(String(r.id)) && Number(r.version ?? 0) !== read.get(String(r.id)),
    )
    if (stale) throw await staleRefusal(db, stale, ids.length === 1 ? wire(stale) : rows.map(wire))
  }
  if (!raise) return rows
  for (const row of rows) {
    const raise = db
      .updateTable(def.table)
      .set({ version: Number(row.version ?? 0) + 1 })
      .where('id', '=', String(row.id))
    assertNotOvertaken(await raise.where('version', '=', row.version ?? 0).executeTakeFirst())
  }
  return rows
}
