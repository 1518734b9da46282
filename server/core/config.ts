// What the server is configured with (read from the environment by server/config.ts at start).

/** An SM2 key pair in hex: private 64 digits, public '04' + x + y (auth/sm2.ts). */
export interface Sm2KeyPair {
  privateKey: string
  publicKey: string
}

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
