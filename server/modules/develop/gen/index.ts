// gen-code: the TypeScript of this project for code modules, as README "Adding a simple entity"
// describes it: the declaration, its loader line, a migration (in the migration list) and a menu
// entry with its buttons (in the generated menus). Several modules at once share the lists.
import { code } from '../../../../src/domain/develop/code.ts'
import { entities } from '../../../../src/domain/registry.ts'
import type { AnyDb, Row } from '../../../crud/table.ts'
import type { Dialect } from '../../../db/database.ts'
import { badRequest } from '../../../core/envelope.ts'
import { liveModel } from '../codegen-rules.ts'
import { columnsOf } from '../codegen-source.ts'
import type { ColumnInfo } from '../introspect.ts'
import { prototypesOf } from '../prototype-fill.ts'
import { declarationOf, type SubModel } from './declaration.ts'
import { inCheckoutLayout } from './layout.ts'
import { migrationOf } from './migration.ts'
import { namesOf } from './names.ts'
import {
  addLoader,
  addMenu,
  addMigration,
  LOADERS,
  loaderTarget,
  MENUS,
  MIGRATE,
  MIGRATIONS,
  readShared,
} from './registry-edits.ts'

export interface GeneratedFile {
  path: string
  content: string
}

const MSG_NO_MODEL = '请先为代码模块选择数据模型'
const MSG_TEMPLATE_UNSUPPORTED = '模板类型须为单表（crud）、主子表（sub）或树表（tree）'
export const MSG_SUB_COLUMNS = '子表须有主键列 id，子表外键须为子表的列，且子表不能是主表自己'
export const MSG_TREE_COLUMNS = '树表的主键字段须为 id，父主键字段和名称字段须为数据表的列'
const MSG_NO_ID = '数据表须有主键列 id（varchar(20)）'
export const MSG_MODULE_TAKEN = (name: string) => `已有同名的业务模块: ${name}`

/** The stored code modules named, in order, or 400. */
export async function storedModules(db: AnyDb, ids: string[]): Promise<Row[]> {
  const rows: Row[] = []
  for (const id of ids) {
    const row = (await db
      .selectFrom(code.table)
      .selectAll()
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst()) as Row | undefined
    if (!row) throw badRequest('代码模块不存在或已被删除')
    rows.push(row)
  }
  return rows
}

/** The model's saved prototypes, or those its table's columns offer when none are saved yet. */
async function prototypesFor(db: AnyDb, model: Row, columns: ColumnInfo[]): Promise<Row[]> {
  const stored = (await db
    .selectFrom('blade_model_prototype')
    .selectAll()
    .where('model_id', '=', String(model.id))
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .execute()) as Row[]
  return stored.length ? stored : prototypesOf(String(model.id), columns)
}

/** A master-detail module's lines: the sub model's table, with an id and the column naming the master. */
async function subModelOf(
  db: AnyDb,
  dialect: Dialect,
  code: Row,
  master: Row,
  masterPrototypes: Row[],
): Promise<SubModel> {
  const model = await liveModel(db, code.subModelId)
  const owner = String(code.subFkId ?? '')
  const columns = await columnsOf(db, dialect, model.datasourceId, String(model.modelTable))
  if (
    model.modelTable === master.modelTable ||
    !columns.some((c) => c.name === 'id' && c.primaryKey) ||
    !columns.some((c) => c.name === owner && c.name !== 'id')
  )
    throw badRequest(MSG_SUB_COLUMNS)
  const taken = new Set(masterPrototypes.map((p) => String(p.propertyName)))
  const code0 = String(model.modelCode).replace(/[-_]+([a-zA-Z0-9])/g, (_, c: string) =>
    c.toUpperCase(),
  )
  const field = taken.has(code0) ? `${code0}Lines` : code0
  return { model, owner, prototypes: await prototypesFor(db, model, columns), columns, field }
}

/** The files of these code modules (stored ones, or one described in a gen-code-fast body). */
export async function generateModules(
  db: AnyDb,
  dialect: Dialect,
  modules: Row[],
): Promise<GeneratedFile[]> {
  const shared = await readShared()
  const files: GeneratedFile[] = []
  for (const row of modules) {
    if (!['crud', 'sub', 'tree'].includes(String(row.templateType)))
      throw badRequest(MSG_TEMPLATE_UNSUPPORTED)
    if (!row.modelId) throw badRequest(MSG_NO_MODEL)
    const model = await liveModel(db, row.modelId)
    const columns = await columnsOf(db, dialect, model.datasourceId, String(model.modelTable))
    if (!columns.some((c) => c.name === 'id' && c.primaryKey)) throw badRequest(MSG_NO_ID)
    // A tree's node is its id; its parent and its name are columns of the table.
    if (
      String(row.templateType) === 'tree' &&
      (String(row.treeId || 'id') !== 'id' ||
        [row.treePid, row.treeName].some((c) => !columns.some((x) => x.name === c)))
    )
      throw badRequest(MSG_TREE_COLUMNS)
    const prototypes = await prototypesFor(db, model, columns)
    const names = namesOf(row, model)
    const sub =
      String(row.templateType) === 'sub'
        ? await subModelOf(db, dialect, row, model, prototypes)
        : undefined
    // A module of the project's own already has this name, key or table: generating over it would break it.
    const target = loaderTarget(shared.loaders, names)
    const clash = entities.find(
      (e) =>
        e.name === names.entity ||
        e.permission === names.permission ||
        e.api === names.api ||
        e.table === String(model.modelTable),
    )
    if ((target && target !== `./${names.area}/${names.file}.ts`) || (clash && !target))
      throw badRequest(MSG_MODULE_TAKEN(clash?.name ?? names.permission))
    files.push({
      path: `src/domain/${names.area}/${names.file}.ts`,
      content: declarationOf(names, model, row, prototypes, columns, sub),
    })
    addLoader(shared, names)
    const migration = addMigration(shared, names)
    files.push({
      path: `${MIGRATIONS}/${migration}.ts`,
      content: migrationOf(
        String(model.modelTable),
        'id',
        prototypes,
        columns,
        sub && {
          table: String(sub.model.modelTable),
          owner: sub.owner,
          prototypes: sub.prototypes,
          columns: sub.columns,
        },
      ),
    })
    addMenu(shared, names, String(model.modelName), String(model.modelClass))
  }
  files.push(
    { path: LOADERS, content: shared.loaders },
    { path: MIGRATE, content: shared.migrate },
    { path: MENUS, content: shared.menus },
  )
  return inCheckoutLayout(files)
}
