// Prints latency figures of the API on the embedded SQLite default: the password grant, the menu
// routes, a generic list page and a submit, each measured over N calls against a fresh local server.
// Run: node bench/api-latency.ts [N]
import { constants, createPublicKey, publicEncrypt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../server/app.ts'
import { loadServerKeys } from '../server/auth/keys.ts'
import { readConfig } from '../server/config.ts'
import { openCachedDatabase } from '../server/auth/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { seed } from '../server/seed/index.ts'

const N = Number(process.argv[2] ?? 200)
const dir = mkdtempSync(join(tmpdir(), 'bench-'))
const config = {
  ...readConfig({}),
  dataDir: dir,
  databaseUrl: `sqlite:${join(dir, 'app.db')}`,
  staticDir: null,
  logRequests: false,
  tokenRateLimit: 1_000_000,
}
const database = openCachedDatabase(config.databaseUrl)
await migrate(database.db as never)
await seed(database.db, config)
const keys = await loadServerKeys(database.db)
const app = await buildApp({
  db: database.db,
  dialect: database.dialect,
  config,
  keys,
  accessCache: database.cache,
})
await app.listen({ host: '127.0.0.1', port: 0 })
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
const pub = createPublicKey({
  key: Buffer.from(keys.rsaPublicKey, 'base64'),
  format: 'der',
  type: 'spki',
})
const password = publicEncrypt(
  { key: pub, padding: constants.RSA_PKCS1_PADDING },
  Buffer.from('admin'),
).toString('base64')

async function measure(name: string, call: (i: number) => Promise<Response>) {
  const times: number[] = []
  for (let i = 0; i < N; i++) {
    const t = performance.now()
    const res = await call(i)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`)
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2)
  console.log(
    `${name.padEnd(28)} n=${N}  p50 ${pct(50)} ms  p95 ${pct(95)} ms  max ${times[times.length - 1]!.toFixed(2)} ms`,
  )
}

const login = async () => {
  const url = `${base}/api/blade-auth/oauth/token?grant_type=password&tenantId=000000&username=admin&password=${encodeURIComponent(password)}`
  return fetch(url, { method: 'POST', headers: { Authorization: basic } })
}
const token = ((await (await login()).json()) as { access_token: string }).access_token
const auth = { 'Blade-Auth': `bearer ${token}` }

await measure('token (password grant)', () => login())
await measure('menu/routes', () => fetch(`${base}/api/blade-system/menu/routes`, { headers: auth }))
await measure('param/list page of 10', () =>
  fetch(`${base}/api/blade-system/param/list?current=1&size=10`, { headers: auth }),
)
await measure('param/submit (create)', (i) =>
  fetch(`${base}/api/blade-system/param/submit`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      paramName: `bench ${i}`,
      paramKey: `bench.${i}`,
      paramValue: String(i),
    }),
  }),
)
// Stock count lines as the outbox replays them (client id + Idempotency-Key): per-write time must
// not grow with the number of lines already in the count (docs/offline.md P3).
const json = { ...auth, 'content-type': 'application/json' }
const count = (await (
  await fetch(`${base}/api/stockTaking/submit`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ checkDate: '2026-11-01', brandId: 'dmr' }),
  })
).json()) as { data: { id: string } }
const stockId = count.data.id
const LINES = 1000
const lineTimes: number[] = []
for (let i = 0; i < LINES; i++) {
  const t = performance.now()
  const res = await fetch(`${base}/api/stockDetail/submit`, {
    method: 'POST',
    headers: { ...json, 'Idempotency-Key': `bench-line-${i}` },
    body: JSON.stringify({
      id: String(7_000_000_000_000_000 + i),
      dmrStockId: stockId,
      skuNo: `SKU-${i % 50}`,
      productQuantity: 1,
      warehousePosition: 'A-01',
      deviceId: 'bench',
    }),
  })
  const body = (await res.json()) as { success: boolean; msg: string }
  if (!body.success) throw new Error(`stockDetail/submit: ${body.msg}`)
  lineTimes.push(performance.now() - t)
}
for (const from of [0, LINES / 2, LINES - 100]) {
  const block = lineTimes.slice(from, from + 100).sort((a, b) => a - b)
  console.log(
    `stockDetail/submit lines ${String(from + 1).padStart(4)}-${String(from + 100).padEnd(4)} p50 ${block[50]!.toFixed(2)} ms  p95 ${block[95]!.toFixed(2)} ms`,
  )
}
await app.close()
await database.close()
rmSync(dir, { recursive: true, force: true })
