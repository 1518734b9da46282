// config -> database (migrate, seed) -> app -> listen.
import { buildApp } from './app.ts'
import { purgeIdempotency } from './crud/idempotency.ts'
import { loadServerKeys } from './auth/keys.ts'
import { readConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { prepareDatabase } from './db/prepare.ts'
import { SEEDED_LOGINS } from './db/seed/logins.ts'

const config = readConfig()
const database = openDatabase(config.databaseUrl, { sqliteReaders: config.sqliteReaders })
await prepareDatabase(database, config)
const keys = await loadServerKeys(database.db)
const ctx = { db: database.db, dialect: database.dialect, config, keys }
const app = await buildApp(ctx)
// Idempotency records are kept 30 days.
await purgeIdempotency(ctx)
const purge = setInterval(() => void purgeIdempotency(ctx).catch((e: unknown) => console.error('idempotency purge failed', e)), 24 * 3600 * 1000)
purge.unref()

const shutdown = async () => {
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

await app.listen({ host: config.host, port: config.port })
const address = `http://${config.host}:${config.port}`
console.info(`\nVietnam e-commerce management platform is running at ${address}`)
console.info(`database: ${database.dialect}${database.dialect === 'sqlite' ? ` (${config.databaseUrl.replace(/^sqlite:/, '')})` : ''}`)
console.info('seeded logins (tenant 000000):')
for (const l of SEEDED_LOGINS) console.info(`  ${l.account.padEnd(12)} ${l.password.padEnd(10)} ${l.role}`)
