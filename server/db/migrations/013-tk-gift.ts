// TikTok Shop order lines and live gift details: the two tables that reach millions of
// rows. Each key is unique per tenant among live rows (an import finds the row it updates by it);
// the declared filters' and sorts' indexes come from the declarations (declared-indexes.ts), the
// grouping indexes of the summaries are here.
import { sql, type Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

const TK_MONEY = [
  'original_price',
  'subtotal_before_discount_price',
  'tk_discount',
  'seller_discount',
  'subtotal_after',
  'shipping_fee_after_discount',
  'original_shipping_fee',
  'platform_shipping_discount',
  'order_amount',
  'order_refund_amount',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  let tk = tenant(id(s.createTable('dmr_tk_order')))
    .addColumn('order_create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('order_year_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('buyer_user', 'varchar(100)')
    .addColumn('province', 'varchar(100)')
    .addColumn('order_status', 'varchar(64)')
    .addColumn('order_substatus', 'varchar(64)')
    .addColumn('cancel_refund_type', 'varchar(64)')
    .addColumn('cancel_by', 'varchar(32)')
    .addColumn('sku_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sku_name', 'varchar(500)')
    .addColumn('quantity', 'integer')
  for (const name of TK_MONEY) tk = tk.addColumn(name, 'numeric(14, 2)')
  await base(
    tk.addColumn('payment_method', 'varchar(64)').addColumn('order_import_date', 'varchar(19)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_tk_order_tenant_key_live')
    .on('dmr_tk_order')
    .columns(['tenant_id', 'order_id', 'sku_id'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()
  await s
    .createIndex('ix_tk_order_tenant_month')
    .on('dmr_tk_order')
    .columns(['tenant_id', 'is_deleted', 'order_year_month'])
    .execute()

  await base(
    tenant(id(s.createTable('dmr_gift_detail')))
      .addColumn('send_gift_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_nick_name', 'varchar(200)')
      .addColumn('plartform_account', 'varchar(200)')
      .addColumn('live_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('anchor_id', 'varchar(64)')
      .addColumn('anchor_name', 'varchar(200)')
      .addColumn('gift_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('gift_price', 'numeric(14, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('gift_quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('before_balance', 'numeric(14, 2)')
      .addColumn('after_balance', 'numeric(14, 2)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_gift_detail_tenant_key_live')
    .on('dmr_gift_detail')
    .columns(['tenant_id', 'live_id', 'user_id', 'send_gift_time', 'gift_name'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()
}
