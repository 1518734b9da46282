// Undo of a delete (`<api>/restore?ids=`, the mirror of remove): the soft-deleted rows named come
// back as they were, with their version raised. Only the caller's tenant's rows, within the same
// data scope as the remove; ids of live, foreign or unknown rows change nothing. A row whose unique
// values (the declaration's `unique`) were taken by a row made since stays deleted: the restore is
// refused with a 400 naming the value, and nothing comes back.
import { sql } from 'kysely'
import { columnOf, type EntityDef } from '../../src/domain/entity.ts'
import type { AuthUser } from '../auth/context.ts'
import { now } from '../core/dates.ts'
import { badRequest } from '../core/envelope.ts'
import type { CrudOptions } from './options.ts'
import { scoped } from './scope.ts'
import type { Row } from './table.ts'
import type { WriteTx } from './write.ts'

/** What a refused restore says before the taken values. */
export const MSG_RESTORE_TAKEN = '恢复的数据与现有数据重复, 不能恢复'

/** Refuses the restore when a row coming back would repeat the unique values of a live row, or of another one coming back. */
async function assertStillUnique(
  def: EntityDef,
  user: AuthUser,
  ids: string[],
  opts: CrudOptions,
  tx: WriteTx,
): Promise<void> {
  const groups = def.unique ?? []
  if (!groups.length) return
  const fieldsOf = (group: readonly string[]) =>
    group.map((name) => def.fields.find((f) => f.name === name)!)
  const columns = [...new Set(groups.flatMap((g) => fieldsOf(g).map(columnOf)))]
  // Aliased, so the answer's keys are these whatever case the connection gives columns.
  const select = tx.trx
    .selectFrom(def.table)
    .select([
      ...(def.tenant ? [sql.ref('tenant_id').as('tid')] : []),
      ...columns.map((c, n) => sql.ref(c).as(`u${n}`)),
    ])
    .where('id', 'in', ids)
  const coming = (await scoped(select, def, user, {
    restrict: opts.restrict,
    dataScope: tx.dataScope,
    deleted: true,
  }).execute()) as Row[]
  for (const group of groups) {
    const fields = fieldsOf(group)
    const seen = new Set<string>()
    for (const row of coming) {
      const values = fields.map((f) => row[`u${columns.indexOf(columnOf(f))}`] ?? null)
      const key = JSON.stringify([row.tid ?? null, ...values])
      let live = tx.trx.selectFrom(def.table).select('id').where('is_deleted', '=', 0)
      if (def.tenant) live = live.where('tenant_id', '=', row.tid as string)
      fields.forEach(
        (f, n) =>
          (live =
            values[n] === null
              ? live.where(columnOf(f), 'is', null)
              : live.where(columnOf(f), '=', values[n] as string)),
      )
      if (seen.has(key) || (await live.executeTakeFirst()))
        throw badRequest(`${MSG_RESTORE_TAKEN}: ${values.map(String).join(' / ')}`)
      seen.add(key)
    }
  }
}

/** Restores the rows; answers the ids of those that came back. */
export async function restoreRows(
  def: EntityDef,
  user: AuthUser,
  ids: string[],
  opts: CrudOptions,
  tx: WriteTx,
): Promise<string[]> {
  await assertStillUnique(def, user, ids, opts, tx)
  const set: Row = { is_deleted: 0 }
  if (def.base) Object.assign(set, { update_user: user.userId, update_time: now() })
  const q = tx.trx
    .updateTable(def.table)
    .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', 'in', ids)
  const rows = (await scoped(q, def, user, {
    restrict: opts.restrict,
    dataScope: tx.dataScope,
    deleted: true,
  })
    .returning('id')
    .execute()) as Row[]
  return rows.map((r) => String(r.id))
}

/**
 * A remove whose afterRemove takes other rows along (lines, totals) can be undone only by an
 * afterRestore that brings them back; without one the declaration must say `restore: false`, so
 * the app offers no undo.
 */
export function assertRestorable(def: EntityDef, opts: CrudOptions): void {
  if (opts.afterRemove && !opts.afterRestore)
    throw new Error(
      `${def.name}: its remove takes rows along (afterRemove), so it needs an afterRestore or restore: false`,
    )
}
