// The server as an operator runs it: `npm start` (and scripts/start.ts under it) stopped by its PID
// with SIGTERM or SIGINT stops serving, logs its shutdown and exits, with no server process left
// behind; and the process log has one line per request with method, URL, status, time, user and
// tenant, a refused request's line carrying its reason.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { loginAs } from '../support/login.ts'

vi.setConfig({ testTimeout: 120_000 })
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })
}

interface Started {
  child: ChildProcess
  base: string
  output: () => string
  exited: Promise<number | null>
}

/** Starts the server as `command args` on a fresh SQLite database, API only (nothing to build). */
async function start(command: string, args: string[]): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnadmin-ops-'))
  dirs.push(dataDir)
  const port = await freePort()
  const { NODE_ENV: _testEnv, ...userEnv } = process.env
  const env = {
    ...userEnv,
    PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    SEED_DEMO: '0',
    LOG_REQUESTS: '1',
    DATABASE_URL: '',
  }
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (d) => (out += String(d)))
  child.stderr!.on('data', (d) => (out += String(d)))
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`exited early: ${out}`)
      expect(out).toContain('is running at')
    },
    { timeout: 90_000, interval: 100 },
  )
  return { child, base: `http://127.0.0.1:${port}`, output: () => out, exited }
}

/** Whether anything still answers on the server's port. */
const answers = (base: string) =>
  fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  )

/** The request lines of the process log (pino JSON lines with msg "request"). */
function requestLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request')
}

it('npm start stopped by SIGTERM on its PID shuts the server down and logs it; each request logs one line', async () => {
  const s = await start('npm', ['start'])
  expect(await answers(s.base)).toBe(true)

  const refused = await fetch(`${s.base}/api/blade-system/param/list?current=1&password=secret`)
  expect(refused.status).toBe(401)
  const token = (await loginAs(s.base, 'admin', 'admin')).access_token
  const listed = await fetch(`${s.base}/api/blade-system/param/list?current=1`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
  })
  expect(listed.status).toBe(200)
  const bad = await fetch(`${s.base}/api/blade-system/param/detail`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
  })
  expect(bad.status).toBe(400)

  await vi.waitFor(
    () =>
      expect(
        requestLines(s.output()).filter((l) =>
          String(l.url).startsWith('/api/blade-system/param/'),
        ),
      ).toHaveLength(3),
    { timeout: 15_000 },
  )
  const lines = requestLines(s.output())
  const of = (url: string) => lines.filter((l) => l.url === url)
  // A refused request names why, and a secret-looking parameter is masked.
  expect(of('/api/blade-system/param/list?current=1&password=******')).toEqual([
    expect.objectContaining({
      method: 'GET',
      status: 401,
      user: null,
      tenant: null,
      reason: (await refused.json()).msg,
      ms: expect.any(Number),
    }),
  ])
  expect(of('/api/blade-system/param/list?current=1')).toEqual([
    expect.objectContaining({
      method: 'GET',
      status: 200,
      user: 'admin',
      tenant: '000000',
      ms: expect.any(Number),
    }),
  ])
  expect(of('/api/blade-system/param/list?current=1')[0]).not.toHaveProperty('reason')
  expect(of('/api/blade-system/param/detail')).toEqual([
    expect.objectContaining({
      status: 400,
      user: 'admin',
      tenant: '000000',
      reason: (await bad.json()).msg,
    }),
  ])
  // Fastify's own per-request lines are off: one line per request, not three.
  expect(s.output()).not.toContain('incoming request')
  expect(s.output()).not.toContain('request completed')

  process.kill(s.child.pid!, 'SIGTERM')
  expect(await s.exited).not.toBeNull()
  await vi.waitFor(() => expect(s.output()).toContain('server stopped'), { timeout: 15_000 })
  expect(s.output()).toContain('SIGTERM received: shutting down')
  // No server process left behind under the stopped npm.
  expect(await answers(s.base)).toBe(false)
})

it('scripts/start.ts stopped by SIGINT exits 0 after logging its shutdown, also when Ctrl+C reaches it twice', async () => {
  const s = await start(process.execPath, ['scripts/start.ts'])
  // Ctrl+C under npm start: the terminal's SIGINT and npm's forwarded one.
  process.kill(s.child.pid!, 'SIGINT')
  process.kill(s.child.pid!, 'SIGINT')
  expect(await s.exited).toBe(0)
  expect(s.output()).toContain('SIGINT received: shutting down')
  expect(s.output()).toContain('server stopped')
  expect(await answers(s.base)).toBe(false)
})
