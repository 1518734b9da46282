// The built app (dist/) and the real API on a fresh SQLite database, opened in headless Chromium
// and logged in as admin through the login page once the service worker controls it. For the
// browser benchmarks; run `npm run build` first.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { appContext, buildApp } from '../../server/app.ts'
import { loadServerKeys } from '../../server/auth/keys.ts'
import { readConfig } from '../../server/config.ts'
import { openCachedDatabase } from '../../server/auth/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import type { AppBase } from '../../server/core/routes.ts'
import { seed } from '../../server/seed/index.ts'
import { launchBrowser } from '../../tests/support/browser.ts'
import { loginThroughPage } from '../../tests/support/e2e-login.ts'
import { waitForOfflineDb, waitForWorkerControl } from '../../tests/support/offline-page.ts'
import type { TestServer } from '../../tests/support/test-server.ts'

export interface LocalApp {
  server: TestServer
  context: BrowserContext
  page: Page
  close: () => Promise<void>
}

/** The built app and the API on a fresh seeded SQLite database. `latencyMs`: every API request waits this long before it is handled (a slow network's round trip). */
export async function startLocalServer(opts: { latencyMs?: number } = {}): Promise<TestServer> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first')
  const dir = mkdtempSync(join(tmpdir(), 'bench-app-'))
  const config = {
    ...readConfig({}),
    dataDir: dir,
    databaseUrl: `sqlite:${join(dir, 'app.db')}`,
    staticDir: process.env.APP_DIST ?? 'dist',
    logRequests: false,
    host: '127.0.0.1',
    port: 0,
    tokenRateLimit: 1_000_000,
  }
  const database = openCachedDatabase(config.databaseUrl)
  await migrate(database.db as never)
  await seed(database.db, config)
  const keys = await loadServerKeys(database.db)
  const base: AppBase = {
    db: database.db,
    dialect: database.dialect,
    config,
    keys,
    accessCache: database.cache,
  }
  const app = await buildApp(base)
  const latency = opts.latencyMs ?? 0
  if (latency > 0)
    app.addHook('onRequest', async (req) =>
      req.url.startsWith('/api/') ? new Promise<void>((r) => setTimeout(r, latency)) : undefined,
    )
  await app.listen({ host: '127.0.0.1', port: 0 })
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const close = async () => {
    await app.close()
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return {
    baseUrl,
    db: database.db,
    database,
    dialect: database.dialect,
    keys,
    config,
    app,
    ctx: appContext(base),
    close,
  }
}

/** The local server, and a browser logged in as admin through the login page once the service worker controls it. */
export async function startLocalApp(opts: { latencyMs?: number } = {}): Promise<LocalApp> {
  const server = await startLocalServer(opts)
  const browser = await launchBrowser()
  const page = await browser.context.newPage()
  await page.goto(`${server.baseUrl}/login`)
  await waitForWorkerControl(page)
  await loginThroughPage(page, server, 'admin', 'admin')
  await waitForOfflineDb(page)
  return {
    server,
    context: browser.context,
    page,
    close: async () => {
      await browser.close()
      await server.close()
    },
  }
}

/** Percentiles of a sample, printed as "p50 … p95 … max …". */
export function summary(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2)
  return `n=${s.length}  p50 ${at(50)} ms  p95 ${at(95)} ms  max ${s[s.length - 1]!.toFixed(2)} ms`
}
