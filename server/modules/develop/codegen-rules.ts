// The code generator's write rules a declaration cannot say: a model's data source is live and has
// its table, and its code is unique; a model's prototypes go and come back with it; a model or data
// source still used is kept; a code setting is saved disabled (enable?id= enables one); a code module
// copies its model's table and class, and takes the enabled setting's values for those left empty.
import { code } from '../../../src/domain/develop/code.ts'
import {
  codeSetting,
  SETTING_DISABLED,
  SETTING_ENABLED,
} from '../../../src/domain/develop/code-setting.ts'
import { datasource } from '../../../src/domain/develop/datasource.ts'
import { MASTER_DATASOURCE_ID, model } from '../../../src/domain/develop/model.ts'
import { modelPrototype } from '../../../src/domain/develop/model-prototype.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { removeAlong, restoreAlong } from '../../crud/parked-lines.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import { lockNames } from '../../db/advisory-locks.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { columnsOf } from './codegen-source.ts'

export const MSG_MODEL_CODE_TAKEN = (c: string) => `模型编号 ${c} 已存在`
const MSG_MODEL_GONE = '数据模型不存在或已被删除'
export const MSG_MODEL_USED = '该数据模型已被代码模块使用，不能删除'
const MSG_DATASOURCE_USED = '该数据源已被数据模型使用，不能删除'
export const MSG_MASTER_KEPT = '内置数据源 master 不能删除'

const after = (
  { values, existing }: Pick<WriteContext, 'values' | 'existing'>,
  column: string,
  field: string,
): unknown => (column in values ? values[column] : existing?.[field])
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

async function beforeModelWrite(w: WriteContext): Promise<void> {
  const { ctx, trx, values, existing } = w
  const modelCode = text(after(w, 'model_code', 'modelCode'))
  await lockNames(trx, ctx.dialect, [`blade_model:${modelCode}`])
  let clash = trx
    .selectFrom(model.table)
    .select('id')
    .where('model_code', '=', modelCode)
    .where('is_deleted', '=', 0)
  if (existing) clash = clash.where('id', '<>', String(existing.id))
  if (await clash.executeTakeFirst()) throw badRequest(MSG_MODEL_CODE_TAKEN(modelCode))
  // The table must be there to be modelled (read in this transaction: SQLite has one connection).
  if ('datasource_id' in values || 'model_table' in values)
    await columnsOf(
      trx,
      ctx.dialect,
      after(w, 'datasource_id', 'datasourceId'),
      text(after(w, 'model_table', 'modelTable')),
    )
}

/** The live model a code module names, or 400. */
export async function liveModel(trx: AnyDb, id: unknown): Promise<Row> {
  const row = (await trx
    .selectFrom(model.table)
    .selectAll()
    .where('id', '=', text(id))
    .where('is_deleted', '=', 0)
    .executeTakeFirst()) as Row | undefined
  if (!row) throw badRequest(MSG_MODEL_GONE)
  return row
}

/** The enabled code setting, if one is. */
export async function enabledSetting(db: AnyDb): Promise<Row | undefined> {
  return (await db
    .selectFrom(codeSetting.table)
    .selectAll()
    .where('status', '=', SETTING_ENABLED)
    .where('is_deleted', '=', 0)
    .orderBy('update_time', 'desc')
    .executeTakeFirst()) as Row | undefined
}

const SHAPE: [string, string][] = [
  ['service_name', 'serviceName'],
  ['package_name', 'packageName'],
  ['base_mode', 'baseMode'],
  ['wrap_mode', 'wrapMode'],
  ['feign_mode', 'feignMode'],
  ['code_style', 'codeStyle'],
  ['api_path', 'apiPath'],
  ['web_path', 'webPath'],
]

async function beforeCodeWrite(w: WriteContext): Promise<void> {
  const { trx, values } = w
  const modelId = after(w, 'model_id', 'modelId')
  if (modelId) {
    const m = await liveModel(trx, modelId)
    Object.assign(values, {
      datasource_id: m.datasourceId,
      table_name: m.modelTable,
      model_table: m.modelTable,
      model_class: m.modelClass,
      model_code: m.modelCode,
    })
  }
  if (text(after(w, 'template_type', 'templateType')) === 'sub')
    await liveModel(trx, after(w, 'sub_model_id', 'subModelId'))
  const setting = await enabledSetting(trx)
  if (setting)
    for (const [column, field] of SHAPE)
      if (text(after(w, column, field)) === '') values[column] = setting[field] ?? null
}

export const developCrud: Record<string, CrudOptions> = {
  [datasource.name]: {
    beforeRemove: async ({ trx, ids }) => {
      if (ids.includes(MASTER_DATASOURCE_ID)) throw badRequest(MSG_MASTER_KEPT)
      if (
        await trx
          .selectFrom(model.table)
          .select('id')
          .where('datasource_id', 'in', ids)
          .where('is_deleted', '=', 0)
          .executeTakeFirst()
      )
        throw badRequest(MSG_DATASOURCE_USED)
    },
  },
  [model.name]: {
    beforeWrite: beforeModelWrite,
    beforeRemove: async ({ trx, ids }) => {
      const used = trx
        .selectFrom(code.table)
        .select('id')
        .where('is_deleted', '=', 0)
        .where((eb) => eb.or([eb('model_id', 'in', ids), eb('sub_model_id', 'in', ids)]))
      if (await used.executeTakeFirst()) throw badRequest(MSG_MODEL_USED)
    },
    // A model's prototypes go with it, and come back with it.
    afterRemove: async ({ trx, ids }) => {
      const removed = (await trx
        .selectFrom(model.table)
        .select('id')
        .where('id', 'in', ids)
        .where('is_deleted', '=', 1)
        .execute()) as Row[]
      await removeAlong(
        trx,
        { table: model.table, column: 'model_id', ids: removed.map((r) => String(r.id)) },
        modelPrototype.table,
        { update_time: now() },
      )
    },
    afterRestore: ({ trx, ids }) =>
      restoreAlong(trx, { table: model.table, ids }, modelPrototype.table, { update_time: now() }),
  },
  [codeSetting.name]: {
    // Saved disabled: only enable?id= enables one (and disables the others).
    beforeWrite: ({ values, existing }) => {
      if (!existing) values.status = SETTING_DISABLED
    },
  },
  [code.name]: { beforeWrite: beforeCodeWrite },
}
