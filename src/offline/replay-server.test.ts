// "A row written by build N replays on build N+1" (docs/offline.md R4), end to end in one process: a
// Dexie row stored with an older payload schema version goes through the app's own replay code to
// the real server over HTTP, on SQLite and PostgreSQL, with an injected upgrader making N+1 current
// (the shipped build has none yet). Both sides run the same injected schema, as one release would.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { config } from '@/config'
import '@/test/i18n'
import { withNodeUint8Array } from '@/test/in-process-server'
import { sessionStore } from '@/api/session'
import { setPayloadSchema, type PayloadSchema } from '@/domain/payload-version'
import { loginAs } from '../../tests/support/login'
import { forEachDatabase, startTestServer, type TestServer } from '../../tests/support/test-server'
import { db } from './db'
import { syncNow } from './sync-engine'
import { resetOfflineDb, storeRowOfBuild } from './test-utils'

// Build 1 sent a param's key as `key`; build 2 calls it paramKey; build 3 trims the value.
const steps: PayloadSchema['steps'] = {
  2: {
    param: ({ key, ...rest }) => ({ ...rest, ...(key === undefined ? {} : { paramKey: key }) }),
  },
  3: {
    param: (p) => ({
      ...p,
      ...(typeof p.paramValue === 'string' ? { paramValue: p.paramValue.trim() } : {}),
    }),
  },
}
const param = { entity: 'param', api: '/blade-system/param', op: 'submit' as const }

withNodeUint8Array()

forEachDatabase("replay of older builds' rows on the real server", (dialect) => {
  let s: TestServer
  let owner: { userId: string; tenantId: string }
  beforeAll(async () => {
    s = await startTestServer(dialect)
    const session = await loginAs(s.baseUrl, 'admin', 'admin')
    config.apiBase = s.baseUrl
    localStorage.clear()
    sessionStore.login(session)
    owner = { userId: session.user_id, tenantId: session.tenant_id }
  })
  afterAll(async () => {
    config.apiBase = ''
    sessionStore.logout()
    await s?.close()
  })
  beforeEach(() => resetOfflineDb())
  afterEach(() => setPayloadSchema(null))

  const stored = (paramKey: string) =>
    s.db
      .selectFrom('bladeParam')
      .selectAll()
      .where('paramKey', '=', paramKey)
      .where('isDeleted', '=', 0)
      .execute()

  it('a row of build N replays on build N+1: the server upgrades it and stores it', async () => {
    const row = await storeRowOfBuild(
      1,
      { ...param, payload: { paramName: '旧版', key: 'pv.buildN', paramValue: ' 1 ' } },
      owner,
    )
    setPayloadSchema({ current: 2, steps })
    await syncNow()
    expect(await db.outbox.count()).toBe(0)
    // Upgraded by the server only (step 2), not by the device: step 3 is not part of build 2.
    expect(await stored('pv.buildN')).toMatchObject([
      { id: row.clientId, paramName: '旧版', paramValue: ' 1 ', version: 1 },
    ])
  })

  it('a row two builds old is upgraded on the device, then accepted', async () => {
    const row = await storeRowOfBuild(
      1,
      { ...param, payload: { paramName: '更旧', key: 'pv.buildN2', paramValue: ' 2 ' } },
      owner,
    )
    setPayloadSchema({ current: 3, steps })
    await syncNow()
    expect(await db.outbox.count()).toBe(0)
    expect(await stored('pv.buildN2')).toMatchObject([
      { id: row.clientId, paramName: '更旧', paramValue: '2' },
    ])
  })

  it('a row of a version the server does not know is refused (400), kept as rejected, and nothing is written', async () => {
    const row = await storeRowOfBuild(
      5,
      { ...param, payload: { paramName: '未来', paramKey: 'pv.future', paramValue: '1' } },
      owner,
    )
    setPayloadSchema({ current: 2, steps })
    await syncNow()
    expect(await db.outbox.get(row.key)).toMatchObject({
      state: 'rejected',
      payloadSchemaVersion: 5,
      lastError: '客户端版本比服务器新，请稍后重试',
    })
    expect(await stored('pv.future')).toHaveLength(0)
  })
})
