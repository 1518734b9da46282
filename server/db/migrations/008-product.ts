// Products (商品, docs/product.md §3): one row per SKU of a tenant, versioned like the field-work
// tables (docs/offline.md: client ids, Idempotency-Key, version). A combo's parts are JSON text of
// [{skuNo, productQuantity}]. skuNo is unique per tenant among live rows: checked by the product
// module with a clear message, and by a partial unique index as the last word (both SQLite and
// PostgreSQL support it, see 005-system-admin).
import { sql, type Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

const TEXT_PAIRS: [string, number][] = [
  ['product_name', 200],
  ['item_number', 64],
  ['product_series', 200],
  ['product_size', 64],
  ['product_color', 64],
  ['product_level', 64],
  ['product_safe_type', 64],
  ['product_washing_method', 500],
  ['product_composition', 500],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  let t = tenant(id(s.createTable('dmr_product')))
    .addColumn('sku_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('product_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_is_mix', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sku_barcode', 'varchar(64)')
    .addColumn('product_price', 'numeric(14, 2)')
    .addColumn('product_combo_sku', 'text')
    .addColumn('product_brand_key', 'varchar(64)')
    .addColumn('product_brand_value', 'varchar(100)')
  for (const [name, length] of TEXT_PAIRS)
    t = t.addColumn(name, `varchar(${length})`).addColumn(`${name}_foreign`, `varchar(${length})`)
  await base(t)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_product_tenant_sku_live')
    .on('dmr_product')
    .columns(['tenant_id', 'sku_no'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()
  await s
    .createIndex('ix_product_tenant_mix')
    .on('dmr_product')
    .columns(['tenant_id', 'product_is_mix', 'is_deleted'])
    .execute()
}
