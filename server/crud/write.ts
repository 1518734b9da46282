// Writes of declared entities, always inside a transaction the caller opened (so that an
// idempotency record can be stored with the effect). Records carry an integer `version`, raised by
// every write; an update whose body carries another version changes nothing and answers 409
// with the current record (version.ts, docs/offline.md). A body without version is last-write-wins.
import type { EntityDef } from '../../src/domain/entity.ts'
import type { AuthUser } from '../auth/context.ts'
import { hasButton } from '../auth/guard.ts'
import type { DataScopeRule } from '../auth/scopes.ts'
import { now } from '../core/dates.ts'
import { badRequest, BladeError, forbidden, notFound } from '../core/envelope.ts'
import { isId, nextId } from '../core/ids.ts'
import type { AppContext } from '../core/routes.ts'
import { writeButtonsFor } from './access.ts'
import { nullsAsAbsent } from './absent.ts'
import { assertValid } from './validation.ts'
import type { CrudOptions, WriteContext } from './options.ts'
import { scoped, tenantOf } from './scope.ts'
import { removeLines, writeLines } from './sub-lines.ts'
import { writableValues, type AnyDb, type Row } from './table.ts'
import { WriteState } from './write-state.ts'
import { assertCurrentVersion, hasVersion, nextVersion } from './version.ts'

export interface WriteTx {
  trx: AnyDb
  /** Computed before the transaction (dataScopeFor reads through ctx.db). */
  dataScope: DataScopeRule[] | null
}

const declares = (def: EntityDef, name: string) => def.fields.some((f) => f.name === name)

/** The stored row as the database has it now (camelCase keys), within the write's transaction. */
async function reread(db: AnyDb, def: EntityDef, id: string): Promise<Row> {
  return (await db
    .selectFrom(def.table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as Row
}

/** Inside a transaction, checks must use the transaction: SQLite has one connection, and a
 * query on ctx.db would wait for the transaction holding it forever. */
async function requireAnyButton(db: AnyDb, user: AuthUser, codes: string[]) {
  for (const code of codes)
    if (await hasButton({ db: db as unknown as AppContext['db'] }, user, code)) return
  throw forbidden()
}

/** The id names a soft-deleted row of the caller's tenant, and the request meant to update it. */
async function deletedOnServer(
  db: AnyDb,
  def: EntityDef,
  user: AuthUser,
  id: string,
  meantUpdate: boolean,
): Promise<boolean> {
  if (!meantUpdate || !def.softDelete) return false
  let q = db.selectFrom(def.table).select('id').where('id', '=', id).where('is_deleted', '=', 1)
  if (def.tenant) q = q.where('tenant_id', '=', user.tenantId)
  return !!(await q.executeTakeFirst())
}

export async function writeRow(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
  body: Row,
  mode: 'submit' | 'save' | 'update',
  opts: CrudOptions,
  tx: WriteTx,
): Promise<Row> {
  const id = body.id === undefined || body.id === null || body.id === '' ? null : String(body.id)
  if (id !== null && !isId(id)) throw badRequest('请求参数格式错误: id')
  // An update names the row it changes: without an id the request itself is wrong (not a missing row).
  if (mode === 'update' && id === null) throw badRequest('请求参数缺失: id')
  const db = tx.trx
  const scope = { restrict: opts.restrict, dataScope: tx.dataScope }
  let existingQuery = scoped(
    db
      .selectFrom(def.table)
      .selectAll()
      .where('id', '=', id ?? ''),
    def,
    user,
    scope,
  )
  // PostgreSQL runs read committed: without the row lock two updates made on the same version could
  // both pass the version check and both write version + 1. SQLite has a single writer already.
  if (ctx.dialect === 'postgres') existingQuery = existingQuery.forUpdate()
  const existing = id
    ? (((await existingQuery.executeTakeFirst()) as Row | undefined) ?? null)
    : null
  if (
    !existing &&
    id &&
    (await deletedOnServer(db, def, user, id, mode === 'update' || hasVersion(body)))
  ) {
    // docs/offline.md R9: an update of a record deleted meanwhile is a conflict, not a rejection.
    throw new BladeError(409, '数据已在服务器上删除')
  }
  if (mode === 'update' && !existing) throw notFound('数据不存在或已被删除')
  const isUpdate = !!existing
  const input = await nullsAsAbsent(db, def, body, isUpdate)
  await requireAnyButton(db, user, writeButtonsFor(def, opts, isUpdate ? 'edit' : 'add'))
  assertValid(def, input, isUpdate ? 'edit' : 'add')
  if (existing) await assertCurrentVersion(db, def, input, existing)
  const values = writableValues(def, input, isUpdate ? 'edit' : 'add')
  const w: WriteContext = { ctx, trx: db, user, values, existing, input, state: new WriteState() }
  await opts.beforeWrite?.(w)
  const t = now()
  if (existing) {
    if (def.base) Object.assign(values, { update_user: user.userId, update_time: t })
    else if (declares(def, 'updateTime')) values.update_time = t
    values.version = nextVersion(existing)
    await scoped(
      db.updateTable(def.table).set(values).where('id', '=', id),
      def,
      user,
      scope,
    ).execute()
    const row = await reread(db, def, String(id))
    await writeLines(db, def, row, input)
    await opts.afterWrite?.({ ...w, row })
    return row
  }
  if (id) {
    // A client-made id that belongs to a deleted or foreign row cannot be reused.
    const taken = await db
      .selectFrom(def.table)
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
    if (taken) throw badRequest('数据不存在或已被删除')
  }
  const row: Row = { ...values, id: id ?? nextId(), version: 1 }
  if (def.tenant)
    row.tenant_id = tenantOf(user, {
      tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined,
    })
  if (def.base)
    Object.assign(row, {
      create_user: user.userId,
      create_dept: user.deptIds[0] ?? null,
      create_time: t,
      update_user: user.userId,
      update_time: t,
      status: values.status ?? 1,
      is_deleted: 0,
    })
  else {
    if (def.softDelete) row.is_deleted = 0
    if (declares(def, 'createTime')) row.create_time = t
    if (declares(def, 'updateTime')) row.update_time = t
  }
  await db.insertInto(def.table).values(row).execute()
  const stored = await reread(db, def, String(row.id))
  await writeLines(db, def, stored, input)
  await opts.afterWrite?.({ ...w, row: stored })
  return stored
}

export async function removeRows(
  def: EntityDef,
  user: AuthUser,
  ids: string[],
  opts: CrudOptions,
  tx: WriteTx,
): Promise<void> {
  const db = tx.trx
  if (def.softDelete) {
    const set: Row = { is_deleted: 1 }
    if (def.base) Object.assign(set, { update_user: user.userId, update_time: now() })
    await scoped(
      db
        .updateTable(def.table)
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', 'in', ids),
      def,
      user,
      { restrict: opts.restrict, dataScope: tx.dataScope },
    ).execute()
  } else {
    let q = db.deleteFrom(def.table).where('id', 'in', ids)
    if (def.tenant) q = q.where('tenant_id', '=', user.tenantId)
    await q.execute()
    await removeLines(db, def, ids)
  }
}
