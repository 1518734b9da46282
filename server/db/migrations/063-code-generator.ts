// The code generator's tables: data models and their column prototypes, code settings and code
// modules (all the platform's, like the data sources), and the data source "master" that stands for
// this server's own database, so models can be made from its tables on a fresh start.
import { PostgresAdapter, type Kysely } from 'kysely'
import { base, id, type Table } from './columns.ts'

/** The data source that stands for this database (src/domain/develop/model.ts when this was written). */
const MASTER_DATASOURCE_ID = '1900000000000000070'
const MASTER_DATASOURCE_NAME = 'master'
const MASTER_DATASOURCE_URL = 'embedded://master'

const versioned = (t: Table) => t.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))

/** The settings a code setting holds and a code module carries. */
const shape = (t: Table) =>
  t
    .addColumn('service_name', 'varchar(64)')
    .addColumn('package_name', 'varchar(255)')
    .addColumn('base_mode', 'integer')
    .addColumn('wrap_mode', 'integer')
    .addColumn('feign_mode', 'integer')
    .addColumn('code_style', 'varchar(16)')
    .addColumn('api_path', 'varchar(500)')
    .addColumn('web_path', 'varchar(500)')

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await versioned(
    base(
      id(s.createTable('blade_model'))
        .addColumn('datasource_id', 'varchar(20)', (c) => c.notNull())
        .addColumn('model_table', 'varchar(64)', (c) => c.notNull())
        .addColumn('model_class', 'varchar(64)', (c) => c.notNull())
        .addColumn('model_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('model_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('model_remark', 'varchar(500)'),
    ),
  ).execute()
  await versioned(
    base(
      id(s.createTable('blade_model_prototype'))
        .addColumn('model_id', 'varchar(20)', (c) => c.notNull())
        .addColumn('jdbc_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('jdbc_type', 'varchar(64)', (c) => c.notNull())
        .addColumn('jdbc_comment', 'varchar(255)')
        .addColumn('property_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('property_entity', 'varchar(16)', (c) => c.notNull())
        .addColumn('is_list', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_form', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_row', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('component_type', 'varchar(16)')
        .addColumn('dict_code', 'varchar(64)')
        .addColumn('is_query', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('query_type', 'varchar(16)')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute()
  await s
    .createIndex('ix_model_prototype_model')
    .on('blade_model_prototype')
    .columns(['model_id', 'sort'])
    .execute()
  await versioned(
    base(
      shape(
        id(s.createTable('blade_code_setting')).addColumn('name', 'varchar(100)', (c) =>
          c.notNull(),
        ),
      )
        .addColumn('menu_id', 'varchar(20)')
        .addColumn('settings', 'text'),
    ),
  ).execute()
  await versioned(
    base(
      shape(
        id(s.createTable('blade_code'))
          .addColumn('code_name', 'varchar(64)', (c) => c.notNull())
          .addColumn('template_type', 'varchar(16)', (c) => c.notNull().defaultTo('crud'))
          .addColumn('model_id', 'varchar(20)')
          .addColumn('datasource_id', 'varchar(20)')
          .addColumn('table_name', 'varchar(64)')
          .addColumn('model_table', 'varchar(64)')
          .addColumn('model_class', 'varchar(64)')
          .addColumn('model_code', 'varchar(64)')
          .addColumn('table_prefix', 'varchar(32)', (c) => c.notNull())
          .addColumn('pk_name', 'varchar(32)', (c) => c.notNull())
          .addColumn('author', 'varchar(64)', (c) => c.notNull())
          .addColumn('sub_model_id', 'varchar(20)')
          .addColumn('sub_fk_id', 'varchar(64)')
          .addColumn('tree_id', 'varchar(64)')
          .addColumn('tree_pid', 'varchar(64)')
          .addColumn('tree_name', 'varchar(64)'),
      ),
    ),
  ).execute()
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('blade_datasource')
    .values({
      id: MASTER_DATASOURCE_ID,
      name: MASTER_DATASOURCE_NAME,
      category: 1,
      driver_class:
        db.getExecutor().adapter instanceof PostgresAdapter
          ? 'org.postgresql.Driver'
          : 'org.sqlite.JDBC',
      // Reached through the server's own connection, never by this address (no credentials are kept).
      url: MASTER_DATASOURCE_URL,
      remark: '本服务自己的数据库（代码生成器读取它的表）',
      status: 1,
      is_deleted: 0,
      version: 1,
    })
    .execute()
}
