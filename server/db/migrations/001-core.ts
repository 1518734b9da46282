// Core tables of the Blade system service, auth state and logs. Portable across SQLite and
// PostgreSQL: ids varchar(20), dates varchar(19) 'yyyy-MM-dd HH:mm:ss', epoch ms bigint.
import type { Kysely } from 'kysely'
import { base, deleted, id, tenant, type Table } from './columns.ts'

const logCommon = (t: Table) =>
  tenant(id(t))
    .addColumn('service_id', 'varchar(64)')
    .addColumn('server_ip', 'varchar(255)')
    .addColumn('server_host', 'varchar(255)')
    .addColumn('env', 'varchar(32)')
    .addColumn('remote_ip', 'varchar(255)')
    .addColumn('user_agent', 'varchar(1000)')
    .addColumn('request_uri', 'varchar(1000)')
    .addColumn('method', 'varchar(16)')
    .addColumn('method_class', 'varchar(255)')
    .addColumn('method_name', 'varchar(255)')
    .addColumn('params', 'text')
    .addColumn('time', 'varchar(32)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await base(
    id(s.createTable('blade_tenant'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('tenant_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('domain', 'varchar(255)')
      .addColumn('background_url', 'varchar(1000)')
      .addColumn('linkman', 'varchar(50)')
      .addColumn('contact_number', 'varchar(30)')
      .addColumn('address', 'varchar(255)')
      .addColumn('account_number', 'integer', (c) => c.notNull().defaultTo(-1))
      .addColumn('expire_time', 'varchar(19)')
      .addColumn('package_id', 'varchar(20)')
      .addColumn('datasource_id', 'varchar(20)')
      .addColumn('license_key', 'varchar(1000)'),
  ).execute()
  await s
    .createIndex('ux_tenant_tenant_id')
    .on('blade_tenant')
    .column('tenant_id')
    .unique()
    .execute()

  await base(
    id(s.createTable('blade_client'))
      .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('client_secret', 'varchar(256)', (c) => c.notNull())
      .addColumn('resource_ids', 'varchar(256)')
      .addColumn('scope', 'varchar(256)', (c) => c.notNull())
      .addColumn('authorized_grant_types', 'varchar(256)', (c) => c.notNull())
      .addColumn('web_server_redirect_uri', 'varchar(256)')
      .addColumn('authorities', 'varchar(256)')
      .addColumn('access_token_validity', 'integer', (c) => c.notNull())
      .addColumn('refresh_token_validity', 'integer', (c) => c.notNull())
      .addColumn('additional_information', 'varchar(4096)')
      .addColumn('autoapprove', 'varchar(256)'),
  ).execute()

  await base(
    tenant(id(s.createTable('blade_user')))
      .addColumn('code', 'varchar(32)')
      .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('account', 'varchar(45)', (c) => c.notNull())
      .addColumn('password', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(20)')
      .addColumn('real_name', 'varchar(20)')
      .addColumn('avatar', 'varchar(1000)')
      .addColumn('email', 'varchar(45)')
      .addColumn('phone', 'varchar(45)')
      .addColumn('birthday', 'varchar(19)')
      .addColumn('sex', 'integer')
      .addColumn('role_id', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('dept_id', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('post_id', 'varchar(1000)', (c) => c.notNull().defaultTo('')),
  ).execute()
  await s
    .createIndex('ix_user_tenant_account')
    .on('blade_user')
    .columns(['tenant_id', 'account'])
    .execute()

  await deleted(
    tenant(id(s.createTable('blade_role')))
      .addColumn('parent_id', 'varchar(20)', (c) => c.notNull().defaultTo('0'))
      .addColumn('role_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('role_alias', 'varchar(255)', (c) => c.notNull()),
  ).execute()

  await deleted(
    tenant(id(s.createTable('blade_dept')))
      .addColumn('parent_id', 'varchar(20)', (c) => c.notNull().defaultTo('0'))
      .addColumn('ancestors', 'varchar(2000)', (c) => c.notNull().defaultTo('0'))
      .addColumn('dept_category', 'integer')
      .addColumn('dept_name', 'varchar(45)', (c) => c.notNull())
      .addColumn('full_name', 'varchar(45)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await base(
    tenant(id(s.createTable('blade_post')))
      .addColumn('category', 'integer')
      .addColumn('post_code', 'varchar(12)', (c) => c.notNull())
      .addColumn('post_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await deleted(
    id(s.createTable('blade_menu'))
      .addColumn('parent_id', 'varchar(20)', (c) => c.notNull().defaultTo('0'))
      .addColumn('code', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('alias', 'varchar(255)', (c) => c.notNull().defaultTo('menu'))
      .addColumn('path', 'varchar(255)')
      .addColumn('source', 'varchar(255)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('action', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(255)'),
  ).execute()
  await s.createIndex('ix_menu_code').on('blade_menu').column('code').execute()

  await id(s.createTable('blade_role_menu'))
    .addColumn('menu_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(20)', (c) => c.notNull())
    .execute()
  await s.createIndex('ix_role_menu_role').on('blade_role_menu').column('role_id').execute()

  await base(
    tenant(id(s.createTable('blade_top_menu')))
      .addColumn('code', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('source', 'varchar(255)')
      .addColumn('path', 'varchar(255)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()

  await id(s.createTable('blade_top_menu_setting'))
    .addColumn('top_menu_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('menu_id', 'varchar(20)', (c) => c.notNull())
    .execute()

  for (const name of ['blade_dict', 'blade_dict_biz']) {
    let t = id(s.createTable(name))
    if (name === 'blade_dict_biz') t = tenant(t)
    await deleted(
      t
        .addColumn('parent_id', 'varchar(20)', (c) => c.notNull().defaultTo('0'))
        .addColumn('code', 'varchar(255)', (c) => c.notNull())
        .addColumn('dict_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('dict_value', 'varchar(255)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(255)')
        .addColumn('is_sealed', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute()
    await s.createIndex(`ix_${name}_code`).on(name).column('code').execute()
  }

  await base(
    id(s.createTable('blade_param'))
      .addColumn('param_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('param_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('param_value', 'varchar(2000)', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await base(
    tenant(id(s.createTable('blade_notice')))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('category', 'integer')
      .addColumn('release_time', 'varchar(19)')
      .addColumn('content', 'text'),
  ).execute()

  await logCommon(s.createTable('blade_log_error'))
    .addColumn('stack_trace', 'text')
    .addColumn('exception_name', 'varchar(255)')
    .addColumn('message', 'text')
    .addColumn('file_name', 'varchar(1000)')
    .addColumn('line_number', 'integer')
    .execute()
  await logCommon(s.createTable('blade_log_api'))
    .addColumn('type', 'varchar(2)')
    .addColumn('title', 'varchar(255)')
    .execute()
  await logCommon(s.createTable('blade_log_usual'))
    .addColumn('log_level', 'varchar(10)')
    .addColumn('log_id', 'varchar(100)')
    .addColumn('log_data', 'text')
    .execute()

  await s
    .createTable('blade_captcha')
    .addColumn('captcha_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()

  await s
    .createTable('blade_refresh_token')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute()

  await id(s.createTable('blade_login_failure'))
    .addColumn('fail_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('fail_time', 'bigint', (c) => c.notNull())
    .execute()
  await s
    .createIndex('ix_login_failure_key')
    .on('blade_login_failure')
    .columns(['fail_key', 'fail_time'])
    .execute()

  await tenant(id(s.createTable('blade_sms_code')))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await s
    .createTable('blade_server_key')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()

  await tenant(id(s.createTable('blade_user_oauth')))
    .addColumn('uuid', 'varchar(64)')
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)')
    .addColumn('nickname', 'varchar(64)')
    .addColumn('avatar', 'varchar(1000)')
    .execute()
}
