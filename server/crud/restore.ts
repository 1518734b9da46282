// Undo of a delete (`<api>/restore?ids=`, the mirror of remove): the soft-deleted rows named come
// back as they were, with their version raised. Only the caller's tenant's rows, within the same
// data scope as the remove; ids of live, foreign or unknown rows change nothing.
import type { EntityDef } from '../../src/domain/entity.ts'
import type { AuthUser } from '../auth/context.ts'
import { now } from '../http/dates.ts'
import type { CrudOptions } from './options.ts'
import { scoped } from './scope.ts'
import type { Row } from './table.ts'
import type { WriteTx } from './write.ts'

/** Restores the rows; answers how many came back. */
export async function restoreRows(def: EntityDef, user: AuthUser, ids: string[], opts: CrudOptions, tx: WriteTx): Promise<number> {
  const set: Row = { is_deleted: 0 }
  if (def.base) Object.assign(set, { update_user: user.userId, update_time: now() })
  const q = tx.trx.updateTable(def.table).set((eb) => ({ ...set, version: eb('version', '+', 1) })).where('id', 'in', ids)
  const result = await scoped(q, def, user, { restrict: opts.restrict, dataScope: tx.dataScope, deleted: true }).executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * A remove with hooks takes other rows along (lines, totals) that a plain restore cannot put back:
 * such an entity must say `restore: false` in its declaration, so the app offers no undo.
 */
export function assertRestorable(def: EntityDef, opts: CrudOptions): void {
  if (opts.beforeRemove || opts.afterRemove) throw new Error(`${def.name}: its remove has hooks, so its declaration must say restore: false`)
}
