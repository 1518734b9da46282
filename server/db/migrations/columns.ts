// Column helpers shared by the migrations: ids are varchar(20) decimal strings, dates
// 'yyyy-MM-dd HH:mm:ss' varchar(19), and the BaseEntity columns of docs/contract.md §13.
import type { CreateTableBuilder } from 'kysely'

export type Table = CreateTableBuilder<string, string>

export const id = (t: Table) => t.addColumn('id', 'varchar(20)', (c) => c.primaryKey())
export const tenant = (t: Table) =>
  t.addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo('000000'))
export const deleted = (t: Table) =>
  t.addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
export const base = (t: Table) =>
  t
    .addColumn('create_user', 'varchar(20)')
    .addColumn('create_dept', 'varchar(20)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(20)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
