// Columns every BaseEntity table shares; its own module so schema.ts and the schema-* parts it
// merges can all extend it without importing each other in a circle.
import type { Generated } from 'kysely'

/** BaseEntity fields of docs/contract.md §13. */
export interface BaseColumns {
  createUser: string | null
  createDept: string | null
  createTime: string | null
  updateUser: string | null
  updateTime: string | null
  status: Generated<number>
  isDeleted: Generated<number>
}
