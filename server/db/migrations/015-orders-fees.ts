// Our own orders with their item lines, fee options and TK fees, and the role grants the
// issue corrects on databases seeded before it (server/seed/grant-changes.ts). orderNo is unique
// per tenant among live rows; the lines are read by order (detail) and by time and SKU ("what sold").
import { sql, type Kysely } from 'kysely'
import { applyGrantChanges } from '../../seed/grant-changes.ts'
import { base, id, tenant } from './columns.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await base(
    tenant(id(s.createTable('dmr_order')))
      .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('order_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('channel', 'varchar(64)')
      .addColumn('order_status', 'varchar(64)')
      .addColumn('buyer_name', 'varchar(100)')
      .addColumn('buyer_phone', 'varchar(20)')
      .addColumn('province', 'varchar(100)')
      .addColumn('address', 'varchar(500)')
      .addColumn('shipping_fee', 'numeric(14, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('discount', 'numeric(14, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('order_amount', 'numeric(16, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_order_tenant_no_live')
    .on('dmr_order')
    .columns(['tenant_id', 'order_no'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()

  // A line copies its order's tenant, time and number (set on every write of the order): the
  // "what sold" list filters and sorts by them without a join.
  await tenant(id(s.createTable('dmr_order_item')))
    .addColumn('order_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('sku_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'numeric(14, 2)', (c) => c.notNull())
    .addColumn('amount', 'numeric(16, 2)', (c) => c.notNull())
    .execute()
  await s
    .createIndex('ix_order_item_order')
    .on('dmr_order_item')
    .columns(['order_id', 'line_no'])
    .execute()
  await s
    .createIndex('ix_order_item_tenant_time')
    .on('dmr_order_item')
    .columns(['tenant_id', 'order_time'])
    .execute()
  await s
    .createIndex('ix_order_item_tenant_sku_time')
    .on('dmr_order_item')
    .columns(['tenant_id', 'sku_no', 'order_time'])
    .execute()

  await base(
    tenant(id(s.createTable('dmr_fee_option')))
      .addColumn('fee_option_en', 'varchar(100)')
      .addColumn('fee_oprion_cn', 'varchar(100)')
      .addColumn('fee_explan_en', 'varchar(1000)')
      .addColumn('fee_explan_cn', 'varchar(1000)')
      .addColumn('fee_formula_en', 'varchar(500)')
      .addColumn('fee_formula_cn', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await base(
    tenant(id(s.createTable('dmr_tk_fee')))
      .addColumn('fee_month', 'varchar(7)', (c) => c.notNull())
      .addColumn('fee_option_id', 'varchar(20)', (c) => c.notNull())
      .addColumn('order_id', 'varchar(64)')
      .addColumn('fee_amount', 'numeric(14, 2)', (c) => c.notNull())
      .addColumn('remark', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await applyGrantChanges(db)
}
