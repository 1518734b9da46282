// Writing the demo's rows: in multi-row INSERTs of a few thousand values each (SQLite and
// PostgreSQL both cap a statement's parameters), and the BaseEntity columns of a seeded row.
import type { Insertable, Kysely } from 'kysely'
import type { DB } from '../../db/schema.ts'
import { stableId } from '../stable-id.ts'

/** Parameters per statement: well under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMS_PER_INSERT = 8000

/** Inserts the rows (every row with the same columns) in as few statements as the caps allow. */
export async function insertRows<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  if (rows.length === 0) return
  const size = Math.max(1, Math.floor(PARAMS_PER_INSERT / Object.keys(rows[0]!).length))
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot tie a generic table name to its row type: the caller's rows are typed for T.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute()
  }
}

/** The id of the n-th demo row of a kind: the same on every machine and every run. */
export const demoId = (kind: string, tenantId: string, n: number | string) =>
  stableId(`demo:${kind}`, `${tenantId}/${n}`)

/** BaseEntity columns of a row made by `user` of `dept` at `time`, live, version 1. */
export function made(tenantId: string, user: string, dept: string, time: string) {
  return {
    tenantId,
    createUser: user,
    createDept: dept,
    createTime: time,
    updateUser: user,
    updateTime: time,
    status: 1,
    isDeleted: 0,
    version: 1,
  }
}
