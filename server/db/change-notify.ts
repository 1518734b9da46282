// Cache invalidation across server processes on one PostgreSQL database: a committed write to a
// table the access cache reads from is announced with NOTIFY on one channel (inside the writing
// transaction, so it is delivered exactly when the write commits), and every process LISTENs on a
// connection of its own and drops the stale entries. NOTIFY alone arrives "soon", not before the
// next request: so each request first makes one round trip on the listening connection (shared by
// the requests arriving together), and PostgreSQL sends the notifications already committed before
// it answers: a change committed before a request arrived is applied before the request looks up
// anything. While that connection is down the cache is off (every lookup reads the database).
import { CompiledQuery, type DatabaseConnection } from 'kysely'
import pg from 'pg'

/**
 * What is told of the changes: the process's access cache (auth/access-cache.ts), handed in by
 * whoever opens the database (auth/database.ts). Off while the listening connection is down;
 * `fence` is set here.
 */
export interface ChangeListener {
  enabled: boolean
  fence: (() => Promise<void>) | null
  tablesChanged(tables: Iterable<string>): void
  invalidateAll(): void
}

const CHANGE_CHANNEL = 'vnadmin_access_change'
const RECONNECT_MS = 1000

/** NOTIFY the written tables (the payload lists them, comma-separated). */
export async function announceChange(
  connection: DatabaseConnection,
  tables: Set<string>,
): Promise<void> {
  if (tables.size === 0) return
  await connection.executeQuery(
    CompiledQuery.raw('select pg_notify($1, $2)', [CHANGE_CHANNEL, [...tables].join(',')]),
  )
}

/** Listens until `stop()`; reconnects after a dropped connection, with the cache off meanwhile. */
export function listenForChanges(
  url: string,
  cache: ChangeListener,
): { stop: () => Promise<void> } {
  let client: pg.Client | null = null
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  cache.enabled = false
  // Requests arriving while no fence query is waiting to be sent share the next one. Fences go one
  // after another (`tail`): a pg client must not be sent a query while another one runs.
  let next: Promise<void> | null = null
  let tail: Promise<void> = Promise.resolve()
  cache.fence = () => {
    // With the cache off nothing cached can be stale (and the connection may be busy connecting).
    if (!cache.enabled) return Promise.resolve()
    next ??= tail = tail.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            next = null
            if (!client || !cache.enabled) return resolve()
            client.query('select 1').then(
              () => resolve(),
              () => resolve(),
            )
          }),
        ),
    )
    return next
  }
  const connect = async () => {
    const c = new pg.Client({ connectionString: url })
    const down = () => {
      if (client !== c) return
      client = null
      cache.enabled = false
      cache.invalidateAll()
      if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS)
    }
    c.on('error', down)
    c.on('end', down)
    c.on('notification', (n) => cache.tablesChanged((n.payload ?? '').split(',')))
    client = c
    try {
      await c.connect()
      await c.query(`LISTEN ${CHANGE_CHANNEL}`)
      if (stopped) return void (await c.end())
      // Whatever changed while nobody listened is unknown: start empty.
      cache.invalidateAll()
      cache.enabled = true
    } catch {
      down()
      await c.end().catch(() => undefined)
    }
  }
  void connect()
  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      cache.enabled = false
      const c = client
      client = null
      await c?.end().catch(() => undefined)
    },
  }
}
