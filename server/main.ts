// config -> database (migrate, seed) -> app -> listen.
import { buildApp } from './app.ts'
import { purgeIdempotency } from './crud/idempotency.ts'
import { loadServerKeys } from './auth/keys.ts'
import { readConfig } from './config.ts'
import { openCachedDatabase } from './auth/database.ts'
import { prepareDatabase } from './seed/prepare.ts'
import { SEEDED_LOGINS } from './seed/logins.ts'

const config = readConfig()
const database = openCachedDatabase(config.databaseUrl, {
  sqliteReaders: config.sqliteReaders,
  listLimits: { statementLimitMs: config.listStatementLimitMs, scanSlots: config.listScanSlots },
})
await prepareDatabase(database, config)
const keys = await loadServerKeys(database.db, { sm2: config.sm2Keys })
const base = {
  db: database.db,
  dialect: database.dialect,
  config,
  keys,
  accessCache: database.cache,
}
const app = await buildApp(base)
// Idempotency records are kept 30 days.
await purgeIdempotency(base)
const purge = setInterval(
  () =>
    void purgeIdempotency(base).catch((e: unknown) => console.error('idempotency purge failed', e)),
  24 * 3600 * 1000,
)
purge.unref()

// SIGTERM (a service manager, `kill`) or SIGINT (Ctrl+C) lets requests in flight finish, closes the
// database and exits; a close that hangs exits after 10 s. Later signals are ignored: Ctrl+C under
// `npm start` reaches the server twice (from the terminal and forwarded by npm).
let stopping = false
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) return
  stopping = true
  console.info(`${signal} received: shutting down`)
  setTimeout(() => {
    console.error('shutdown took over 10 s: exiting')
    process.exit(1)
  }, 10_000).unref()
  try {
    await app.close()
    await database.close()
  } catch (e) {
    console.error('shutdown failed', e)
    process.exit(1)
  }
  console.info('server stopped')
  process.exit(0)
}
process.on('SIGINT', (s) => void shutdown(s))
process.on('SIGTERM', (s) => void shutdown(s))

await app.listen({ host: config.host, port: config.port })
const address = `http://${config.host}:${config.port}`
console.info(`\nVietnam e-commerce management platform is running at ${address}`)
console.info(
  `database: ${database.dialect}${database.dialect === 'sqlite' ? ` (${config.databaseUrl.replace(/^sqlite:/, '')})` : ''}`,
)
console.info('seeded logins (tenant 000000):')
for (const l of SEEDED_LOGINS)
  console.info(`  ${l.account.padEnd(12)} ${l.password.padEnd(10)} ${l.role}`)
