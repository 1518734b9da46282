// Server configuration from the environment, read once at start.
import { resolve } from 'node:path'
import { sm2KeyPair, type Sm2KeyPair } from './auth/sm2.ts'

export interface ServerConfig {
  host: string
  port: number
  databaseUrl: string
  /** SQLite reader threads (SQLITE_READERS; default: the machine's cores, at least 2). */
  sqliteReaders: number | undefined
  /** How long one list statement may wait for its lane and then run before the list answers 400 (LIST_STATEMENT_LIMIT_MS). */
  listStatementLimitMs: number | undefined
  /** How many list statements that must scan a large table run at once (LIST_SCAN_SLOTS; default: half the cores, at least 1). */
  listScanSlots: number | undefined
  /** Folder for the SQLite file, uploads and other local state. */
  dataDir: string
  /** Folder of the built app to serve; absent means API only. */
  staticDir: string | null
  adminPassword: string
  /** Token endpoint requests allowed per client IP per minute. */
  tokenRateLimit: number
  /** Log every request line (off in tests). */
  logRequests: boolean
  /** Trust X-Forwarded-For for the client IP (only behind a reverse proxy: lockout and rate limits key on it). */
  trustProxy: boolean
  /** Origin of the API the served app was built to call (VITE_API_BASE), allowed by the CSP; null: same origin. */
  apiOrigin: string | null
  /** CSP frame-src of the embedded-page screen (menu entries with an external URL). */
  frameSrc: string
  /**
   * Seed the demo tenant into a new database (SEED_DEMO: 0 off, 1 on). Default: on for the embedded
   * SQLite default, off for PostgreSQL (production installs start with the reference data only).
   */
  seedDemo: boolean
  /**
   * The SM2 key pair of Saber's password transport (SM2_PRIVATE_KEY, optionally SM2_PUBLIC_KEY, hex),
   * so that an existing Saber build's website.js key works; null: the pair kept in the database.
   */
  sm2Keys: Sm2KeyPair | null
  /** Serve the OpenAPI description (/v3/api-docs) and its viewer (/doc.html); API_DOCS=0 turns both off. */
  apiDocs: boolean
}

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
