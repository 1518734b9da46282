// Load on the real server process: 100 connections for 60 s (by default) over a mix of two generic
// list pages, a detail and notice submits with fresh ids, first on SQLite, then on PostgreSQL (when
// reachable at PG_ADMIN_URL). Prints requests, req/s, latency percentiles, non-2xx and errors per
// database; it asserts nothing (tests/faults/load-smoke.test.ts is the short CI version).
// Run: node bench/load.ts [seconds] [connections]
import { cpus } from 'node:os'
import type { Dialect } from '../server/db/database.ts'
import { describeLoad, runLoad } from '../tests/support/load.ts'
import { loginAs } from '../tests/support/login.ts'
import {
  createScratchDatabase,
  PG_ADMIN_URL,
  postgresReachable,
} from '../tests/support/scratch-database.ts'
import { startServerProcess } from '../tests/support/server-process.ts'

const seconds = Number(process.argv[2] ?? 60)
const connections = Number(process.argv[3] ?? 100)
console.log(
  `node ${process.version}, ${cpus().length} cores (load generator and server share them)`,
)

async function bench(dialect: Dialect): Promise<void> {
  const scratch = await createScratchDatabase(dialect)
  const server = await startServerProcess(scratch)
  try {
    const { access_token: token } = await loginAs(server.baseUrl, 'admin', 'admin')
    console.log(
      describeLoad(
        dialect,
        await runLoad({ baseUrl: server.baseUrl, token }, { seconds, connections }),
      ),
    )
  } finally {
    await server.kill('SIGTERM')
    await scratch.drop()
  }
}

await bench('sqlite')
if (await postgresReachable()) await bench('postgres')
else console.log(`postgres: skipped, nothing answers at ${PG_ADMIN_URL}`)
