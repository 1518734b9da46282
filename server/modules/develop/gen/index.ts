// gen-code: the TypeScript of this project for code modules, as README "Adding a simple entity"
// describes it: the declaration, its loader line, a migration (in the migration list) and a menu
// entry with its buttons (in the generated menus). Several modules at once share the lists.
import { code } from '../../../../src/domain/develop/code.ts'
import { entities } from '../../../../src/domain/registry.ts'
import type { AnyDb, Row } from '../../../crud/table.ts'
import type { Dialect } from '../../../db/database.ts'
import { badRequest } from '../../../http/envelope.ts'
import { liveModel } from '../codegen-rules.ts'
import { columnsOf } from '../codegen-source.ts'
import { prototypesOf } from '../prototype-fill.ts'
import { declarationOf } from './declaration.ts'
import { migrationOf } from './migration.ts'
import { namesOf } from './names.ts'
import { addLoader, addMenu, addMigration, LOADERS, loaderTarget, MENUS, MIGRATE, MIGRATIONS, readShared } from './registry-edits.ts'

export interface GeneratedFile {
  path: string
  content: string
}

export const MSG_NO_MODEL = '请先为代码模块选择数据模型'
export const MSG_TEMPLATE_UNSUPPORTED = '目前只能生成单表（crud）和树表（tree）模板的代码'
export const MSG_TREE_COLUMNS = '树表的主键字段须为 id，父主键字段和名称字段须为数据表的列'
export const MSG_NO_ID = '数据表须有主键列 id（varchar(20)）'
export const MSG_MODULE_TAKEN = (name: string) => `已有同名的业务模块: ${name}`

/** The stored code modules named, in order, or 400. */
export async function storedModules(db: AnyDb, ids: string[]): Promise<Row[]> {
  const rows: Row[] = []
  for (const id of ids) {
    const row = (await db.selectFrom(code.table).selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst()) as Row | undefined
    if (!row) throw badRequest('代码模块不存在或已被删除')
    rows.push(row)
  }
  return rows
}

/** The files of these code modules (stored ones, or one described in a gen-code-fast body). */
export async function generateModules(db: AnyDb, dialect: Dialect, modules: Row[]): Promise<GeneratedFile[]> {
  const shared = await readShared()
  const files: GeneratedFile[] = []
  for (const row of modules) {
    if (!['crud', 'tree'].includes(String(row.templateType))) throw badRequest(MSG_TEMPLATE_UNSUPPORTED)
    if (!row.modelId) throw badRequest(MSG_NO_MODEL)
    const model = await liveModel(db, row.modelId)
    const columns = await columnsOf(db, dialect, model.datasourceId, String(model.modelTable))
    if (!columns.some((c) => c.name === 'id' && c.primaryKey)) throw badRequest(MSG_NO_ID)
    // A tree's node is its id; its parent and its name are columns of the table.
    if (String(row.templateType) === 'tree' && (String(row.treeId || 'id') !== 'id' || [row.treePid, row.treeName].some((c) => !columns.some((x) => x.name === c)))) throw badRequest(MSG_TREE_COLUMNS)
    const stored = (await db.selectFrom('blade_model_prototype').selectAll().where('model_id', '=', String(model.id)).where('is_deleted', '=', 0).orderBy('sort').execute()) as Row[]
    const prototypes = stored.length ? stored : prototypesOf(String(model.id), columns)
    const names = namesOf(row, model)
    // A module of the project's own already has this name, key or table: generating over it would break it.
    const target = loaderTarget(shared.loaders, names)
    const clash = entities.find((e) => e.name === names.entity || e.permission === names.permission || e.api === names.api || e.table === String(model.modelTable))
    if ((target && target !== `./${names.area}/${names.file}.ts`) || (clash && !target)) throw badRequest(MSG_MODULE_TAKEN(clash?.name ?? names.permission))
    files.push({ path: `src/domain/${names.area}/${names.file}.ts`, content: declarationOf(names, model, row, prototypes, columns) })
    addLoader(shared, names)
    const migration = addMigration(shared, names)
    files.push({ path: `${MIGRATIONS}/${migration}.ts`, content: migrationOf(String(model.modelTable), 'id', prototypes, columns) })
    addMenu(shared, names, String(model.modelName), String(model.modelClass))
  }
  files.push({ path: LOADERS, content: shared.loaders }, { path: MIGRATE, content: shared.migrate }, { path: MENUS, content: shared.menus })
  return files
}
