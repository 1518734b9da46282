// Profiles the server process under one throughput load (default: the indexed filter over 1M stock
// lines on SQLite): V8 CPU profiles of every thread (--cpu-prof), summed by self time per function.
// The database is kept in the given folder between runs, so repeated profiles skip the fill.
// Run: node bench/throughput-profile.ts <folder> [seconds] [path]
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { openCachedDatabase } from '../server/auth/database.ts'
import { prepareDatabase } from '../server/seed/prepare.ts'
import { readConfig } from '../server/config.ts'
import { loginAs } from '../tests/support/login.ts'
import { startServerProcess } from '../tests/support/server-process.ts'
import { fillStockLines } from './support/big-stock.ts'
import { blast, describeBlast } from './support/blast.ts'

const dir = process.argv[2] ?? '/tmp/throughput-profile'
const seconds = Number(process.argv[3] ?? 8)
const path = process.argv[4] ?? '/api/stockDetail/page?deviceId_equal=device-7'
const dataDir = join(dir, 'data')
const url = `sqlite:${join(dataDir, 'app.db')}`
if (!existsSync(join(dataDir, 'app.db'))) {
  mkdirSync(dataDir, { recursive: true })
  const filling = openCachedDatabase(url)
  await prepareDatabase(filling, { ...readConfig({}), seedDemo: false })
  await fillStockLines(filling.db, 'sqlite', 1_000_000)
  await filling.close()
}
const profiles = join(dir, 'profiles')
rmSync(profiles, { recursive: true, force: true })
const profiled: Record<string, string> = process.argv.includes('--no-profile')
  ? {}
  : { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` }
const server = await startServerProcess({ url, dataDir }, profiled)
try {
  const { access_token: token } = await loginAs(server.baseUrl, 'admin', 'admin')
  await blast(server.baseUrl, path, token, 2, 50)
  // The server's own CPU time per request (all threads, user + system): steadier than req/s on a shared machine.
  const cpu = () =>
    readFileSync(`/proc/${server.pid}/stat`, 'utf8')
      .split(') ')[1]!
      .split(' ')
      .slice(11, 13)
      .reduce((a, b) => a + Number(b), 0) * 10
  const before = cpu()
  const run = await blast(server.baseUrl, path, token, seconds, 50)
  console.log(
    `${path}: ${describeBlast(run)}; server CPU ${((cpu() - before) / run.requests).toFixed(3)} ms per request`,
  )
} finally {
  await server.kill('SIGTERM')
}

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
if (existsSync(profiles)) {
  for (const file of readdirSync(profiles).sort()) {
    const p = JSON.parse(readFileSync(join(profiles, file), 'utf8')) as {
      nodes: Node[]
      samples: number[]
      timeDeltas: number[]
      startTime: number
      endTime: number
    }
    const nodes = new Map(p.nodes.map((n) => [n.id, n]))
    const self = new Map<string, number>()
    let busy = 0
    p.samples.forEach((id, i) => {
      const f = nodes.get(id)!.callFrame
      const ms = (p.timeDeltas[i + 1] ?? 0) / 1000
      if (f.functionName === '(idle)' || f.functionName === '(program)') return
      busy += ms
      const where = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|src)\//, '$1/')}:${f.lineNumber + 1}`
      self.set(where, (self.get(where) ?? 0) + ms)
    })
    const wall = (p.endTime - p.startTime) / 1000
    console.log(`\n${file}: busy ${busy.toFixed(0)} of ${wall.toFixed(0)} ms`)
    for (const [what, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(
        `${ms.toFixed(0).padStart(7)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${what}`,
      )
  }
}
