// Create or update one dictionary row, in one transaction: a parent has dictKey -1, an entry takes
// its parent's code, (code, dictKey) is unique among live rows, and sealed rows stay as they are.
import type { EntityDef } from '../../../src/domain/entity.ts'
import type { AuthUser } from '../../auth/context.ts'
import { dynamic, type AnyDb } from '../../crud/table.ts'
import { badRequest, notFound } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import type { AppContext } from '../../core/routes.ts'
import { requireButton } from './admin-support.ts'
import { assertValid } from '../../crud/validation.ts'
import { assertCurrentVersion, assertNotOvertaken, nextVersion } from '../../crud/version.ts'

const PARENT_KEY = '-1'

export interface DictRow {
  id: string
  parentId: string
  code: string
  dictKey: string
  dictValue: string
  sort: number
  remark: string | null
  isSealed: number
  version: number
  tenantId?: string
}

export interface DictKind {
  def: EntityDef
  table: 'blade_dict' | 'blade_dict_biz'
  tenant: boolean
}

const SEALED = '当前字典已封存，不可修改'

/** Live rows of the kind, for one tenant when the kind is tenant-scoped (nothing selected yet). */
export function liveOf(db: AnyDb, kind: DictKind, tenantId: string) {
  const q = db.selectFrom(kind.table).where('is_deleted', '=', 0)
  return kind.tenant ? q.where('tenant_id', '=', tenantId) : q
}

/** liveOf with every column. */
export const rowsOf = (db: AnyDb, kind: DictKind, tenantId: string) =>
  liveOf(db, kind, tenantId).selectAll()

export async function submitDict(
  ctx: AppContext,
  kind: DictKind,
  user: AuthUser,
  input: Record<string, unknown>,
): Promise<DictRow> {
  const id =
    input.id === undefined || input.id === null || input.id === '' ? null : String(input.id)
  if (id !== null && !isId(id)) throw badRequest('请求参数格式错误: id')
  return ctx.db.transaction().execute(async (t) => {
    const trx = dynamic(t)
    const tenantId = user.tenantId
    const one = async (rowId: string) =>
      (await rowsOf(trx, kind, tenantId).where('id', '=', rowId).executeTakeFirst()) as
        DictRow | undefined
    const existing = id ? await one(id) : undefined
    if (id && !existing) throw notFound('数据不存在或已被删除')
    await requireButton(t, user, `${kind.def.permission}_${existing ? 'edit' : 'add'}`)
    if (existing) await assertCurrentVersion(trx, kind.def, input, { ...existing })
    if (existing?.isSealed === 1) throw badRequest(SEALED)
    if (existing && existing.parentId !== '0' && (await one(existing.parentId))?.isSealed === 1)
      throw badRequest(SEALED)

    const rawParent = input.parentId
    const parentId =
      rawParent !== undefined && rawParent !== null && rawParent !== ''
        ? String(rawParent)
        : existing && rawParent === undefined
          ? existing.parentId
          : '0'
    let parent: DictRow | undefined
    if (parentId !== '0') {
      if (!isId(parentId)) throw badRequest('请求参数格式错误: parentId')
      if (parentId === existing?.id) throw badRequest('上级字典不能是自己')
      parent = await one(parentId)
      if (!parent || parent.parentId !== '0') throw badRequest('上级字典不存在')
      if (parent.isSealed === 1) throw badRequest(SEALED)
      if (
        existing?.parentId === '0' &&
        (await liveOf(trx, kind, tenantId)
          .select('id')
          .where('parent_id', '=', existing.id)
          .executeTakeFirst())
      )
        throw badRequest('请先删除子节点!')
    }

    // The parent decides the code of its entries; a dictionary (parent) has no key of its own.
    const record: Record<string, unknown> = { ...input }
    // An entry's code is its dictionary's, whatever was sent; what was sent must still be a value.
    if (parent && input.code !== undefined && input.code !== null && input.code !== '')
      assertValid(kind.def, { code: input.code }, 'edit')
    if (parent) record.code = parent.code
    else record.dictKey = PARENT_KEY
    assertValid(kind.def, record, existing ? 'edit' : 'add')
    const pick = (k: 'code' | 'dictKey' | 'dictValue') =>
      record[k] !== undefined ? String(record[k]).trim() : String(existing?.[k] ?? '')
    const code = pick('code')
    const dictKey = pick('dictKey')
    const values = {
      parent_id: parentId,
      code,
      dict_key: dictKey,
      dict_value: pick('dictValue'),
      sort:
        record.sort !== undefined && record.sort !== null && record.sort !== ''
          ? Number(record.sort)
          : (existing?.sort ?? 0),
      remark:
        record.remark !== undefined
          ? record.remark === null || record.remark === ''
            ? null
            : String(record.remark)
          : (existing?.remark ?? null),
      is_sealed:
        record.isSealed !== undefined && record.isSealed !== null && record.isSealed !== ''
          ? Number(record.isSealed)
          : (existing?.isSealed ?? 0),
    }
    if (values.is_sealed !== 0 && values.is_sealed !== 1) throw badRequest('封存的值只能是 0 或 1')
    const dup = (await liveOf(trx, kind, tenantId)
      .select('id')
      .where('code', '=', code)
      .where('dict_key', '=', dictKey)
      .execute()) as { id: string }[]
    if (dup.some((d) => d.id !== existing?.id)) throw badRequest('当前字典键值已存在!')

    const rowId = existing?.id ?? nextId()
    if (existing) {
      assertNotOvertaken(
        await trx
          .updateTable(kind.table)
          .set({ ...values, version: nextVersion({ ...existing }) })
          .where('id', '=', rowId)
          .where('version', '=', existing.version)
          .executeTakeFirst(),
      )
      // Entries follow their dictionary's code.
      if (existing.parentId === '0' && parentId === '0' && code !== existing.code)
        await trx
          .updateTable(kind.table)
          .set({ code })
          .where('parent_id', '=', rowId)
          .where('is_deleted', '=', 0)
          .execute()
    } else {
      const row: Record<string, unknown> = { id: rowId, ...values, is_deleted: 0 }
      if (kind.tenant) row.tenant_id = tenantId
      await trx.insertInto(kind.table).values(row).execute()
    }
    return (await trx
      .selectFrom(kind.table)
      .selectAll()
      .where('id', '=', rowId)
      .executeTakeFirstOrThrow()) as DictRow
  })
}
