// Fills dmr_tk_order with N TK order lines of tenant 000000 in INSERT ... SELECT statements over a
// generated series (as big-stock.ts does), then builds the kept monthly summary from them. Two SKU
// lines per order, one order every 126 s from 2024-01-01 (24 months at a million lines), and a
// realistic mix per order: 70 % completed, 8 % cancelled by the buyer, 4 % by the seller, 3 % by the
// system, 8 % returned/refunded, 4 % failed deliveries, 3 % shipped. Buyers `buyer<n>` (100,000 of
// them, so a `like` matches a few hundred lines), 20,000 SKUs.
import { sql, type Kysely } from 'kysely'
import { rebuildMonths } from '../../server/modules/tk-order/month-sql.ts'
import type { Dialect } from '../../server/db/database.ts'
import type { DB } from '../../server/db/schema.ts'
import { BIG_ID_BASE } from './big-stock.ts'

const START = 1704067200 // 2024-01-01 00:00:00 UTC

/** The order's columns from its bucket b = order % 100 (see the mix above). */
const COLUMNS = sql`case when b < 70 or (b >= 85 and b < 93) then 'Completed' when b >= 97 then 'Shipped' else 'Canceled' end,
  case when b >= 93 and b < 97 then 'Delivery failed' else null end,
  case when b >= 70 and b < 85 then 'Cancel' when b >= 85 and b < 93 then 'Return/Refund' when b >= 93 and b < 97 then 'Cancel' else null end,
  case when b >= 70 and b < 78 then 'User' when b >= 78 and b < 82 then 'Seller' when b >= 82 and b < 85 then 'System' when b >= 93 and b < 97 then 'System' else null end,
  case when b >= 70 and b < 85 then 'Cancel' when b >= 85 and b < 93 then 'Return/Refund' when b >= 93 and b < 97 then 'deliveredFailure' else null end`

const INSERT = sql`insert into dmr_tk_order (id, tenant_id, order_create_time, order_year_month, order_id, buyer_user, province, order_status, order_substatus,
  cancel_refund_type, cancel_by, return_type, sku_id, sku_name, quantity, order_amount, payment_method, create_time, is_deleted, status, version)`

export async function fillTkOrders(
  db: Kysely<DB>,
  dialect: Dialect,
  rows: number,
): Promise<{ seconds: number; summarySeconds: number }> {
  const t0 = performance.now()
  const chunk = 200_000
  for (let start = 0; start < rows; start += chunk) {
    const n = Math.min(chunk, rows - start)
    if (dialect === 'sqlite') {
      // Bound JS numbers arrive as REAL: cast, or every generated text reads 'buyer7.0'.
      await sql`with recursive s(i) as (select cast(${start} as integer) union all select i + 1 from s where i < ${start + n - 1}),
        g as (select i, i / 2 as o, (i / 2) % 100 as b, strftime('%Y-%m-%d %H:%M:%S', ${START} + (i / 2) * 126, 'unixepoch') as t from s)
        ${INSERT}
        select cast(cast(${String(BIG_ID_BASE)} as integer) + i as text), '000000', t, substr(t, 1, 7), cast(5700000000000000 + o as text), 'buyer' || (o % 100000), 'Hà Nội',
          ${COLUMNS}, 'SKU-' || ((o * 7 + i % 2) % 20000), 'Product ' || ((o * 7 + i % 2) % 20000) || ' ' || char(65 + i % 26, 65 + (i / 26) % 26),
          1 + i % 3, 50000 + (o % 200) * 1000, 'COD', t, 0, 1, 1 from g`.execute(db)
    } else {
      await sql`with g as (select i, i / 2 as o, (i / 2) % 100 as b, to_char(to_timestamp(${START} + (i / 2) * 126) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as t
          from generate_series(${start}::int, ${start + n - 1}::int) as i)
        ${INSERT}
        select (${BIG_ID_BASE}::bigint + i)::text, '000000', t, substr(t, 1, 7), (5700000000000000 + o)::text, 'buyer' || (o % 100000), 'Hà Nội',
          ${COLUMNS}, 'SKU-' || ((o * 7 + i % 2) % 20000), 'Product ' || ((o * 7 + i % 2) % 20000) || ' ' || chr(65 + i % 26) || chr(65 + (i / 26) % 26),
          1 + i % 3, 50000 + (o % 200) * 1000, 'COD', t, 0, 1, 1 from g`.execute(db)
    }
  }
  const seconds = (performance.now() - t0) / 1000
  const t1 = performance.now()
  await db.transaction().execute((trx) => rebuildMonths(trx as unknown as Kysely<unknown>))
  const summarySeconds = (performance.now() - t1) / 1000
  if (dialect === 'postgres') await sql`vacuum analyze dmr_tk_order`.execute(db)
  else await sql`analyze dmr_tk_order`.execute(db)
  return { seconds, summarySeconds }
}
