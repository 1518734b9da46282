// Where the code generator reads tables: the seeded data source "master" is this server's own
// database (through its own connection or transaction), any other a saved JDBC data source.
import { MASTER_DATASOURCE_ID } from '../../../src/domain/develop/model.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import type { Dialect } from '../../db/database.ts'
import { badRequest } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import {
  IntrospectError,
  tableColumns,
  type ColumnInfo,
  type Introspectable,
} from './introspect.ts'

export const MSG_DATASOURCE_GONE = '数据源不存在或已被删除'
const MSG_SHARDING_UNSUPPORTED = '分片数据源不能用于代码生成，请选择 JDBC 数据源'

/** The data source to read, or 400. `db` is the caller's connection (a transaction's, inside one: SQLite has one connection). */
export async function sourceOf(
  db: AnyDb,
  dialect: Dialect,
  datasourceId: unknown,
): Promise<Introspectable> {
  const id = datasourceId === null || datasourceId === undefined ? '' : String(datasourceId)
  if (!isId(id)) throw badRequest(MSG_DATASOURCE_GONE)
  // Typed loosely like every module's reads (AnyDb); the own database is read through the same connection.
  if (id === MASTER_DATASOURCE_ID) return { kind: 'own', db, dialect }
  const row = (await db
    .selectFrom('blade_datasource')
    .selectAll()
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()) as Row | undefined
  if (!row) throw badRequest(MSG_DATASOURCE_GONE)
  if (Number(row.category) !== 1) throw badRequest(MSG_SHARDING_UNSUPPORTED)
  return {
    kind: 'input',
    input: {
      driverClass: String(row.driverClass ?? ''),
      url: String(row.url ?? ''),
      username: (row.username as string | null) ?? undefined,
      password: (row.password as string | null) ?? undefined,
    },
  }
}

/** Runs an introspection, answering its failures (no such table, no connection) as a 400 naming them. */
export async function introspected<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (e) {
    if (e instanceof IntrospectError) throw badRequest(e.message)
    throw badRequest(`读取数据源失败: ${e instanceof Error ? e.message : String(e)}`)
  }
}

/** The columns of a table of a data source, or 400. */
export async function columnsOf(
  db: AnyDb,
  dialect: Dialect,
  datasourceId: unknown,
  table: string,
): Promise<ColumnInfo[]> {
  const source = await sourceOf(db, dialect, datasourceId)
  return introspected(() => tableColumns(source, table))
}
