// Prints list latency over a large stock-detail table on the embedded SQLite default, with the
// declared indexes (server/db/declared-indexes.ts) and then without them: page 1 unfiltered, an
// equality filter, and a deep page. Run: node bench/list-indexes.ts [rows] [runs]
import { constants, createPublicKey, publicEncrypt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { buildApp } from '../server/app.ts'
import { loadServerKeys } from '../server/auth/keys.ts'
import { readConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { declaredIndexes } from '../server/db/declared-indexes.ts'
import { migrate } from '../server/db/migrate.ts'
import { seed } from '../server/db/seed/index.ts'

const ROWS = Number(process.argv[2] ?? 300_000)
const RUNS = Number(process.argv[3] ?? 15)
const dir = mkdtempSync(join(tmpdir(), 'bench-'))
const config = { ...readConfig({}), dataDir: dir, databaseUrl: `sqlite:${join(dir, 'app.db')}`, staticDir: null, logRequests: false, tokenRateLimit: 1_000_000 }
const database = openDatabase(config.databaseUrl)
await migrate(database.db as never)
await seed(database.db, config)

const count = await database.db.selectFrom('dmrStockTaking').select('id').executeTakeFirstOrThrow()
const t0 = performance.now()
for (let start = 0; start < ROWS; start += 2000) {
  const rows = Array.from({ length: Math.min(2000, ROWS - start) }, (_, j) => {
    const i = start + j
    const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString().slice(0, 19).replace('T', ' ')
    return sql`(${String(8_000_000_000_000_000 + i)}, '000000', ${count.id}, ${`SKU-${i % 5000}`}, ${i % 97}, ${`A-${i % 40}`}, ${`device-${i % 200}`}, ${at}, 0, 1)`
  })
  await sql`insert into dmr_stock_detail (id, tenant_id, dmr_stock_id, sku_no, product_quantity, warehouse_position, device_id, create_time, is_deleted, version) values ${sql.join(rows)}`.execute(database.db)
}
console.log(`inserted ${ROWS} stock lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

const keys = await loadServerKeys(database.db)
const app = await buildApp({ db: database.db, dialect: database.dialect, config, keys })
await app.listen({ host: '127.0.0.1', port: 0 })
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
const pub = createPublicKey({ key: Buffer.from(keys.rsaPublicKey, 'base64'), format: 'der', type: 'spki' })
const password = publicEncrypt({ key: pub, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('admin')).toString('base64')
const login = await fetch(`${base}/api/blade-auth/oauth/token?grant_type=password&tenantId=000000&username=admin&password=${encodeURIComponent(password)}`, { method: 'POST', headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` } })
const auth = { 'Blade-Auth': `bearer ${((await login.json()) as { access_token: string }).access_token}` }

const cases = {
  'page 1, no filter': '/api/stockDetail/page?current=1&size=10',
  'deviceId equal': '/api/stockDetail/page?current=1&size=10&deviceId_equal=device-7',
  [`page ${ROWS / 20} of 10`]: `/api/stockDetail/page?current=${ROWS / 20}&size=10`,
}

async function p50(path: string): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    const res = await fetch(`${base}${path}`, { headers: auth })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`)
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

const withIndexes: Record<string, number> = {}
for (const [name, path] of Object.entries(cases)) withIndexes[name] = await p50(path)
for (const s of declaredIndexes().filter((x) => x.table === 'dmr_stock_detail')) await database.db.schema.dropIndex(s.name).ifExists().execute()
for (const [name, path] of Object.entries(cases)) console.log(`${name.padEnd(22)} p50 ${withIndexes[name]!.toFixed(1)} ms with declared indexes, ${(await p50(path)).toFixed(1)} ms without`)

await app.close()
await database.close()
rmSync(dir, { recursive: true, force: true })
