// The server as operators run it: `node server/main.ts` as a child process configured through the
// environment (README "Configuration"), on a free port. The child is the server itself, not a
// wrapper script, so a test can SIGKILL the real server process.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

export interface ServerProcess {
  baseUrl: string
  pid: number
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string
  /** Sends `signal` and waits for the process to end. */
  kill: (signal: NodeJS.Signals) => Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })
}

const READY = 'is running at'
// Migrating and seeding a fresh database on a busy two-core machine takes a while.
const START_TIMEOUT_MS = 120_000

/**
 * Starts the server on `database` and resolves once it listens; `env` adds or overrides variables;
 * `cwd` runs another checkout (a copy with generated code applied).
 */
export async function startServerProcess(
  database: { url: string; dataDir: string },
  env: Record<string, string> = {},
  cwd?: string,
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      STATIC_DIR: '',
      LOG_REQUESTS: '0',
      // Tests and benchmarks log in more often than a person would.
      TOKEN_RATE_LIMIT: '100000',
      // Their databases hold the rows they put there: no demo tenant unless `env` asks for one.
      SEED_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d) => (out += String(d)))
  child.stderr.on('data', (d) => (out += String(d)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      clearInterval(poll)
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`server on ${database.url} ${why}:\n${out}`))
    }
    const poll = setInterval(() => {
      if (out.includes(READY)) {
        clearInterval(poll)
        clearTimeout(timer)
        resolve()
      } else if (child.exitCode !== null || child.signalCode !== null)
        fail(`exited (${child.exitCode ?? child.signalCode})`)
    }, 50)
    const timer = setTimeout(
      () => fail(`did not start in ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    )
  })
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => out,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}

/**
 * `count` server processes on one database, all started at the same moment, as several instances
 * behind a proxy start: their migrations and seeding run concurrently. If one fails to start, the
 * others are stopped and the failure is thrown.
 */
export async function startServerProcesses(
  database: { url: string; dataDir: string },
  count: number,
  env: Record<string, string> = {},
): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startServerProcess(database, env)),
  )
  const failed = started.find((s) => s.status === 'rejected')
  if (!failed) return started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value)
  await Promise.all(
    started.map((s) => (s.status === 'fulfilled' ? s.value.kill('SIGKILL') : undefined)),
  )
  throw failed.reason
}
