// Server configuration from the environment, read once at start (main.ts). What it holds is
// declared in core/config.ts, so every layer can read it; this loader checks the SM2 keys with
// auth/sm2.ts and is used only by main.ts, the tests and the benchmarks.
import { resolve } from 'node:path'
import { sm2KeyPair } from './auth/sm2.ts'
import type { ServerConfig, Sm2KeyPair } from './core/config.ts'

/** A whole number above 0, or unset (the default applies); anything else stops the start rather than guess. */
function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number above 0, not ${value}`)
  return n
}

/** A 0/1 switch: unset or empty is the default; anything else stops the start rather than guess. */
function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  if (value === '0' || value === '1') return value === '1'
  throw new Error(`${name} must be 0 or 1, not ${value}`)
}

/** SM2_PRIVATE_KEY / SM2_PUBLIC_KEY as a checked pair; a bad value stops the start with the reason. */
function sm2Switch(
  privateHex: string | undefined,
  publicHex: string | undefined,
): Sm2KeyPair | null {
  if (!privateHex) {
    if (publicHex)
      throw new Error(
        'SM2_PUBLIC_KEY is set without SM2_PRIVATE_KEY: the server needs the private key to read Saber passwords',
      )
    return null
  }
  try {
    return sm2KeyPair(privateHex, publicHex)
  } catch (e) {
    throw new Error(`SM2_PRIVATE_KEY / SM2_PUBLIC_KEY: ${(e as Error).message}`, { cause: e })
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? 'data')
  const databaseUrl = env.DATABASE_URL || `sqlite:${resolve(dataDir, 'app.db')}`
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    databaseUrl,
    dataDir,
    sqliteReaders: env.SQLITE_READERS ? Math.max(1, Number(env.SQLITE_READERS) || 1) : undefined,
    listStatementLimitMs: positiveInteger('LIST_STATEMENT_LIMIT_MS', env.LIST_STATEMENT_LIMIT_MS),
    listScanSlots: positiveInteger('LIST_SCAN_SLOTS', env.LIST_SCAN_SLOTS),
    staticDir: env.STATIC_DIR === '' ? null : resolve(env.STATIC_DIR ?? 'dist'),
    adminPassword: env.ADMIN_PASSWORD ?? 'admin',
    tokenRateLimit: Number(env.TOKEN_RATE_LIMIT ?? 60),
    logRequests: env.LOG_REQUESTS !== '0',
    trustProxy: env.TRUST_PROXY === '1',
    // The same variable the build reads, so `VITE_API_BASE=... npm start` builds and serves alike; a
    // relative base is this origin.
    apiOrigin: /^https?:\/\//i.test(env.VITE_API_BASE ?? '')
      ? new URL(env.VITE_API_BASE!).origin
      : null,
    frameSrc: env.CSP_FRAME_SRC || "'self' https:",
    // SEED_DEMO's default depends on the database kind: on for the embedded SQLite default.
    seedDemo: onOff('SEED_DEMO', env.SEED_DEMO, databaseUrl.startsWith('sqlite:')),
    apiDocs: onOff('API_DOCS', env.API_DOCS, true),
    sm2Keys: sm2Switch(env.SM2_PRIVATE_KEY, env.SM2_PUBLIC_KEY),
  }
}
