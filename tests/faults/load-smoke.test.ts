// The short CI version of bench/load.ts: the same mixed load (lists, detail, submits) for 5 s with
// 20 connections on the real server process. No timing asserts: under load nothing fails, and every
// acknowledged submit is in the database.
import { afterEach, expect, it } from 'vitest'
import { describeLoad, LOAD_KINDS, runLoad } from '../support/load.ts'
import { loginAs } from '../support/login.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { forEachDatabase } from '../support/test-server.ts'
import { withDatabase } from './batch-checks.ts'

const SECONDS = 5
const CONNECTIONS = 20

forEachDatabase('load smoke: 20 connections for 5 s', (dialect) => {
  let scratch: ScratchDatabase | null = null
  let server: ServerProcess | null = null
  afterEach(async () => {
    await server?.kill('SIGTERM')
    await scratch?.drop()
  })

  it('answers every request of the mix with a 2xx success: no errors, timeouts, 5xx or other non-2xx', async () => {
    const db = (scratch = await createScratchDatabase(dialect))
    const running = (server = await startServerProcess(db))
    const { access_token: token } = await loginAs(running.baseUrl, 'admin', 'admin')
    const f = await runLoad(
      { baseUrl: running.baseUrl, token },
      { seconds: SECONDS, connections: CONNECTIONS },
    )
    console.info(describeLoad(dialect, f))

    expect(f.failures).toEqual([])
    expect({
      errors: f.errors,
      timeouts: f.timeouts,
      non2xx: f.non2xx,
      notSuccess: f.notSuccess,
    }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, notSuccess: 0 })
    expect(f.non2xxCodes).toEqual({})
    for (const kind of LOAD_KINDS) expect(f.byKind[kind].count, kind).toBeGreaterThan(0)
    expect(f.requests).toBe(LOAD_KINDS.reduce((n, k) => n + f.byKind[k].count, 0))
    const stored = await withDatabase(db.url, (conn) =>
      conn
        .selectFrom('bladeNotice')
        .select('id')
        .where('title', 'like', `${f.titlePrefix}%`)
        .execute(),
    )
    expect(f.written).toBe(f.byKind['notice submit'].count)
    // Every acknowledged submit is stored; a submit still in flight when the run stopped (at most
    // one per connection) may be stored without its answer having been read.
    expect(stored.length).toBeGreaterThanOrEqual(f.written)
    expect(stored.length).toBeLessThanOrEqual(f.written + CONNECTIONS)
  }, 120_000)
})
