// Field work (tablets and phones, also offline): stock counts and their lines, KOL files, KOL follow-ups and cooperation
// info / quotations. Every table is versioned (docs/offline.md: client ids, Idempotency-Key, version).
// Prices in W and commissions in % are decimals; quantities are integers; the schedule rows of a
// quotation are JSON text.
import type { Kysely } from 'kysely'
import { base, id, tenant, type Table } from './columns.ts'

export const FIELD_TABLES = [
  'dmr_stock_taking',
  'dmr_stock_detail',
  'dmr_kol_file',
  'dmr_kol_follow_up',
  'dmr_cooperate_info',
]

const versioned = (t: Table) => t.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
const price = 'numeric(14, 2)' as const
const percent = 'numeric(7, 2)' as const

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await versioned(
    base(
      tenant(id(s.createTable('dmr_stock_taking')))
        .addColumn('check_date', 'varchar(19)', (c) => c.notNull())
        .addColumn('brand_id', 'varchar(64)')
        .addColumn('stock_total', 'bigint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute()

  await versioned(
    base(
      tenant(id(s.createTable('dmr_stock_detail')))
        .addColumn('dmr_stock_id', 'varchar(20)', (c) => c.notNull())
        .addColumn('sku_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('product_style_no', 'varchar(64)')
        .addColumn('product_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('warehouse_position', 'varchar(64)')
        .addColumn('device_id', 'varchar(64)'),
    ),
  ).execute()
  await s
    .createIndex('ix_stock_detail_stock')
    .on('dmr_stock_detail')
    .columns(['dmr_stock_id', 'is_deleted'])
    .execute()
  await s
    .createIndex('ix_stock_detail_sku')
    .on('dmr_stock_detail')
    .columns(['tenant_id', 'sku_no'])
    .execute()

  await versioned(
    base(
      tenant(id(s.createTable('dmr_kol_file')))
        .addColumn('dmr_emp_id', 'varchar(20)')
        .addColumn('dmr_emp_vn_name', 'varchar(100)')
        .addColumn('kol_name', 'varchar(100)')
        .addColumn('tk_user_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('tk_url', 'varchar(500)')
        .addColumn('contact_status', 'varchar(32)', (c) => c.notNull().defaultTo('created'))
        .addColumn('kol_sex', 'integer')
        .addColumn('kol_type', 'varchar(500)')
        .addColumn('tk_followers', price)
        .addColumn('kol_category', 'varchar(64)')
        .addColumn('kol_tags', 'varchar(500)')
        .addColumn('kol_contact', 'varchar(255)')
        .addColumn('kol_from', 'varchar(100)')
        .addColumn('engagement_rate', percent)
        .addColumn('last_contact_time', 'varchar(19)')
        .addColumn('response_deadline', 'varchar(19)')
        .addColumn('kol_score', percent)
        .addColumn('archived_reason', 'varchar(500)')
        .addColumn('create_by_emp_id', 'varchar(20)'),
    ),
  ).execute()
  await s
    .createIndex('ix_kol_file_tenant_user')
    .on('dmr_kol_file')
    .columns(['tenant_id', 'tk_user_name'])
    .execute()

  await versioned(
    base(
      tenant(id(s.createTable('dmr_kol_follow_up')))
        .addColumn('kol_id', 'varchar(20)', (c) => c.notNull())
        .addColumn('contact_status', 'varchar(32)', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('contact_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('next_contact_time', 'varchar(19)')
        .addColumn('response_deadline', 'varchar(19)'),
    ),
  ).execute()
  await s
    .createIndex('ix_kol_follow_up_kol')
    .on('dmr_kol_follow_up')
    .columns(['kol_id', 'contact_time'])
    .execute()

  let cooperate = tenant(id(s.createTable('dmr_cooperate_info')))
    .addColumn('kol_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('cooperate_type', 'varchar(64)')
    .addColumn('cooperate_status', 'varchar(64)')
    .addColumn('schedule_type', 'integer')
    .addColumn('schedule_date', 'varchar(19)')
    .addColumn('start_date', 'varchar(19)')
    .addColumn('end_date', 'varchar(19)')
    .addColumn('specific_time', 'varchar(8)')
  for (const n of ['', '1', '2', '3']) {
    cooperate = cooperate
      .addColumn(n ? `nego_price${n}` : 'kol_price', price)
      .addColumn(n ? `nego_cms${n}` : 'kol_cms', percent)
  }
  await versioned(
    base(
      cooperate
        .addColumn('live_type', 'varchar(64)')
        .addColumn('live_duration', 'integer')
        .addColumn('sku_count', 'integer')
        .addColumn('viewer_count', 'bigint')
        .addColumn('video_view', 'varchar(64)')
        .addColumn('kol_from', 'varchar(100)')
        .addColumn('detail', 'text'),
    ),
  ).execute()
  await s.createIndex('ix_cooperate_info_kol').on('dmr_cooperate_info').column('kol_id').execute()
}
