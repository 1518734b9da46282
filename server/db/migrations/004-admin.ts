// Tables of the remaining system-administration areas: tenant packages and data sources, regions,
// data and API scopes (and their grants to roles), attachments, object storage and SMS
// configurations, data sources, REST report files.
import type { Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await base(
    id(s.createTable('blade_tenant_package'))
      .addColumn('package_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('menu_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await base(
    id(s.createTable('blade_tenant_datasource'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('datasource_id', 'varchar(20)', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await s
    .createTable('blade_region')
    .addColumn('code', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('parent_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('ancestors', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('province_code', 'varchar(12)')
    .addColumn('province_name', 'varchar(64)')
    .addColumn('city_code', 'varchar(12)')
    .addColumn('city_name', 'varchar(64)')
    .addColumn('district_code', 'varchar(12)')
    .addColumn('district_name', 'varchar(64)')
    .addColumn('town_code', 'varchar(12)')
    .addColumn('town_name', 'varchar(64)')
    .addColumn('village_code', 'varchar(12)')
    .addColumn('village_name', 'varchar(64)')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .execute()
  await s.createIndex('ix_region_parent').on('blade_region').column('parent_code').execute()

  await base(
    id(s.createTable('blade_data_scope'))
      .addColumn('menu_id', 'varchar(20)', (c) => c.notNull())
      .addColumn('resource_code', 'varchar(255)')
      .addColumn('scope_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('scope_field', 'varchar(255)')
      .addColumn('scope_class', 'varchar(500)')
      .addColumn('scope_column', 'varchar(255)')
      .addColumn('scope_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('scope_value', 'varchar(2000)')
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await base(
    id(s.createTable('blade_api_scope'))
      .addColumn('menu_id', 'varchar(20)', (c) => c.notNull())
      .addColumn('resource_code', 'varchar(255)')
      .addColumn('scope_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('scope_path', 'varchar(255)')
      .addColumn('scope_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await id(s.createTable('blade_role_scope'))
    .addColumn('scope_category', 'integer', (c) => c.notNull())
    .addColumn('scope_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(20)', (c) => c.notNull())
    .execute()
  await s.createIndex('ix_role_scope_role').on('blade_role_scope').column('role_id').execute()

  await base(
    tenant(id(s.createTable('blade_attach')))
      .addColumn('link', 'varchar(1000)', (c) => c.notNull())
      .addColumn('domain', 'varchar(500)')
      .addColumn('name', 'varchar(500)', (c) => c.notNull())
      .addColumn('original_name', 'varchar(500)')
      .addColumn('extension', 'varchar(12)')
      .addColumn('attach_size', 'bigint', (c) => c.notNull().defaultTo(0)),
  ).execute()

  await base(
    tenant(id(s.createTable('blade_oss')))
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('oss_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('endpoint', 'varchar(255)')
      .addColumn('access_key', 'varchar(255)')
      .addColumn('secret_key', 'varchar(255)')
      .addColumn('bucket_name', 'varchar(255)')
      .addColumn('app_id', 'varchar(255)')
      .addColumn('region', 'varchar(255)')
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await base(
    tenant(id(s.createTable('blade_sms')))
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('sms_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('template_id', 'varchar(64)')
      .addColumn('access_key', 'varchar(255)')
      .addColumn('secret_key', 'varchar(255)')
      .addColumn('region_id', 'varchar(255)')
      .addColumn('sign_name', 'varchar(64)')
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await base(
    id(s.createTable('blade_datasource'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('driver_class', 'varchar(100)')
      .addColumn('url', 'varchar(500)')
      .addColumn('username', 'varchar(45)')
      .addColumn('password', 'varchar(255)')
      .addColumn('sharding_config', 'text')
      .addColumn('remark', 'varchar(255)'),
  ).execute()

  await id(s.createTable('blade_report_file'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
