import { rmSync } from 'node:fs'
import pg from 'pg'
import { readConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { seed } from '../server/db/seed/index.ts'
import { fillStockLines } from './support/big-stock.ts'
const which = process.argv[2]!
let url = 'sqlite:/tmp/lists-big/app.db'
if (which === 'sqlite') rmSync('/tmp/lists-big', { recursive: true, force: true })
else {
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' }); await c.connect()
  await c.query('drop database if exists lists_big with (force)'); await c.query('create database lists_big'); await c.end()
  url = 'postgres://postgres@127.0.0.1:5432/lists_big'
}
const config = { ...readConfig({}), dataDir: '/tmp/lists-big', databaseUrl: url }
const d = openDatabase(url)
await migrate(d.db as never); await seed(d.db, config)
console.log(await fillStockLines(d.db, d.dialect, 1_000_000))
await d.close()
