// `npm start` as a user runs it: one process serves the built app and the API on one port, creates,
// migrates and seeds the embedded SQLite database with the demo business, prints the address and the
// logins; a restart keeps the data and seeds nothing twice.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, expect, it } from 'vitest'

const dataDir = mkdtempSync(join(tmpdir(), 'vnadmin-start-'))
/** Servers started here; a failed check must not leave one running after the test. */
const started: ChildProcess[] = []
afterAll(() => {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })
}

async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let out = ''
  // As a user's shell runs it: without the test runner's NODE_ENV=test.
  const { NODE_ENV: _testEnv, ...userEnv } = process.env
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...userEnv, PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  // Ready when the server says so; a server that exits first fails with what it printed.
  await new Promise<void>((resolve, reject) => {
    const read = (d: unknown) => {
      out += String(d)
      if (out.includes('is running at')) resolve()
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', () => reject(new Error(`server exited: ${out}`)))
  })
  return { child, output: () => out }
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

const count = (table: string) => {
  const db = new SQLite(join(dataDir, 'app.db'), { readonly: true })
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
  } finally {
    db.close()
  }
}

it('serves app and API on one port with seeded data, and keeps the data across a restart', async () => {
  const port = await freePort()
  const first = await start(port)
  const base = `http://127.0.0.1:${port}`
  expect(first.output()).toContain(base)
  // The logins are printed after the address, and may come in a later chunk of the output.
  await expect.poll(() => first.output()).toMatch(/admin\s+admin/)
  await expect.poll(() => first.output()).toContain('warehouse')
  const health = await fetch(`${base}/api/health`)
  expect((await health.json()).data).toEqual({ status: 'up', database: 'sqlite' })
  const page = await fetch(`${base}/login`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<div id="root">')
  const captcha = (await (await fetch(`${base}/api/blade-auth/oauth/captcha`)).json()) as {
    key: string
    image: string
  }
  expect(captcha.image).toMatch(/^data:image\//)
  await stop(first.child)

  const users = count('blade_user')
  const menus = count('blade_menu')
  expect(users).toBeGreaterThanOrEqual(5)
  expect(menus).toBeGreaterThan(50)
  // The first start of the embedded default writes the demo business (SEED_DEMO defaults to on).
  expect(first.output()).toMatch(/demo data for tenant 000000 written in \d+\.\d s/)
  const orders = count('dmr_order')
  const gifts = count('dmr_gift_detail')
  expect(orders).toBeGreaterThan(1000)
  expect(gifts).toBeGreaterThan(1000)

  const second = await start(port)
  expect(count('blade_user')).toBe(users)
  expect(count('blade_menu')).toBe(menus)
  expect(count('dmr_order')).toBe(orders)
  expect(count('dmr_gift_detail')).toBe(gifts)
  expect(second.output()).not.toContain('demo data')
  await stop(second.child)
})
