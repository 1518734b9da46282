// Hardening: login sessions checked on every request (logout and a removed or disabled user
// end them at once, on every server process), rate-limit counters shared by all processes, and
// parameters per tenant (the platform's rows, tenant 000000, are the defaults). Grants of
// platform-only menus held by other tenants' roles are withdrawn: those screens write what every
// tenant shares.
import { sql, type Kysely } from 'kysely'

/** The platform-only menus when this migration was written (db/platform-menus.ts then). */
const PLATFORM_ONLY_MENUS = [
  'tenant',
  'tenant_package',
  'tenant_data_source',
  'client',
  'menu',
  'datasource',
  'dict',
  'dict_horizontal',
  'dict_vertical',
  'region',
  'data_scope',
  'api_scope',
  'report_rest',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await s
    .createTable('blade_session')
    .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await s.createIndex('ix_session_user').on('blade_session').column('user_id').execute()
  // Sessions of tokens issued before this migration stay valid until they are ended.
  await sql`insert into blade_session (session_id, user_id, tenant_id, client_id, create_time, revoked)
    select r.session_id, min(r.user_id), min(u.tenant_id), min(r.client_id), ${Date.now()}, 0
    from blade_refresh_token r join blade_user u on u.id = r.user_id
    where r.session_id is not null and r.revoked <> 2
    group by r.session_id`.execute(db)

  await s
    .createTable('blade_rate_hit')
    .addColumn('rate_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_rate_hit', ['rate_key', 'window_start'])
    .execute()

  await s
    .alterTable('blade_param')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo('000000'))
    .execute()
  await s
    .createIndex('ix_param_tenant_key')
    .on('blade_param')
    .columns(['tenant_id', 'param_key'])
    .execute()

  await sql`delete from blade_role_menu
    where role_id in (select id from blade_role where tenant_id <> '000000')
      and (menu_id in (select id from blade_menu where code in (${sql.join(PLATFORM_ONLY_MENUS)}))
        or menu_id in (select id from blade_menu where parent_id in (select id from blade_menu where code in (${sql.join(PLATFORM_ONLY_MENUS)}))))`.execute(
    db,
  )
}
