// Fills dmr_stock_detail with N stock lines of tenant 000000 under one existing stock count, in one
// INSERT ... SELECT over a generated series (a recursive CTE on SQLite, generate_series on
// PostgreSQL): a million rows in seconds, where row batches from JS take minutes. Values vary like
// real ones: 50,000 SKUs (`SKU-<n>-<letters>`, so `like` searches match a few hundred rows),
// 40 positions, 200 devices, one line a second from 2026-01-01. Shared by the 1M-row benches.
import { sql, type Kysely } from 'kysely'
import { readConfig } from '../../server/config.ts'
import { openCachedDatabase } from '../../server/auth/database.ts'
import type { Dialect } from '../../server/db/database.ts'
import { prepareDatabase } from '../../server/seed/prepare.ts'
import type { DB } from '../../server/db/schema.ts'
import { loginAs } from '../../tests/support/login.ts'
import { createScratchDatabase } from '../../tests/support/scratch-database.ts'
import { startServerProcess, type ServerProcess } from '../../tests/support/server-process.ts'

/** The id of the first generated row; ids are client-made strings, far from the seeded ones. */
export const BIG_ID_BASE = 8_000_000_000_000_000

export async function fillStockLines(
  db: Kysely<DB>,
  dialect: Dialect,
  rows: number,
): Promise<{ stockId: string; seconds: number }> {
  const stock = await db
    .selectFrom('dmrStockTaking')
    .select('id')
    .where('tenantId', '=', '000000')
    .executeTakeFirstOrThrow()
  const t0 = performance.now()
  const chunk = 200_000
  for (let start = 0; start < rows; start += chunk) {
    const n = Math.min(chunk, rows - start)
    if (dialect === 'sqlite') {
      // Bound JS numbers arrive as REAL: cast, or every generated text reads 'device-7.0'.
      await sql`with recursive s(i) as (select cast(${start} as integer) union all select i + 1 from s where i < ${start + n - 1})
        insert into dmr_stock_detail (id, tenant_id, dmr_stock_id, sku_no, product_quantity, warehouse_position, device_id, create_time, update_time, is_deleted, status, version)
        select cast(cast(${String(BIG_ID_BASE)} as integer) + i as text), '000000', ${stock.id}, 'SKU-' || (i % 50000) || '-' || char(65 + i % 26, 65 + (i / 26) % 26),
          i % 97, 'A-' || (i % 40), 'device-' || (i % 200), strftime('%Y-%m-%d %H:%M:%S', 1767225600 + i, 'unixepoch'), null, 0, 1, 1 from s`.execute(
        db,
      )
    } else {
      await sql`insert into dmr_stock_detail (id, tenant_id, dmr_stock_id, sku_no, product_quantity, warehouse_position, device_id, create_time, update_time, is_deleted, status, version)
        select (${BIG_ID_BASE}::bigint + i)::text, '000000', ${stock.id}, 'SKU-' || (i % 50000) || '-' || chr(65 + i % 26) || chr(65 + (i / 26) % 26),
          i % 97, 'A-' || (i % 40), 'device-' || (i % 200), to_char(to_timestamp(1767225600 + i) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'), null, 0, 1, 1
        from generate_series(${start}::int, ${start + n - 1}::int) as i`.execute(db)
    }
  }
  if (dialect === 'postgres') await sql`vacuum analyze dmr_stock_detail`.execute(db)
  else await sql`analyze dmr_stock_detail`.execute(db)
  return { stockId: stock.id, seconds: (performance.now() - t0) / 1000 }
}

/**
 * The server process (its own port, its own environment) over a scratch database holding `rows`
 * stock lines, and the admin's token; `close` stops the server and drops the database.
 */
export async function bigStockServer(
  dialect: Dialect,
  rows: number,
): Promise<{ server: ServerProcess; token: string; close: () => Promise<void> }> {
  const scratch = await createScratchDatabase(dialect)
  const filling = openCachedDatabase(scratch.url)
  try {
    await prepareDatabase(filling, { ...readConfig({}), seedDemo: false })
    const { seconds } = await fillStockLines(filling.db, dialect, rows)
    console.log(`${dialect}: ${rows.toLocaleString('en')} stock lines in ${seconds.toFixed(1)} s`)
  } finally {
    await filling.close()
  }
  const server = await startServerProcess(scratch)
  const close = async () => {
    await server.kill('SIGTERM')
    await scratch.drop()
  }
  try {
    return { server, token: (await loginAs(server.baseUrl, 'admin', 'admin')).access_token, close }
  } catch (e) {
    await close()
    throw e
  }
}
