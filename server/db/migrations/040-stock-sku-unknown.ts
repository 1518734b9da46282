// A stock count line whose SKU was no product of the tenant when it was stored (the catalog may lag
// behind the shelf): sku_unknown 1, kept by the server on every line write, so the mark survives an
// offline replay and shows on the stored line. Existing lines are marked from today's catalog.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('dmr_stock_detail')
    .addColumn('sku_unknown', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update dmr_stock_detail set sku_unknown = 1 where not exists (select 1 from dmr_product p where p.tenant_id = dmr_stock_detail.tenant_id and p.sku_no = dmr_stock_detail.sku_no and p.is_deleted = 0)`.execute(
    db,
  )
}
