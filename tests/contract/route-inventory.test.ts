// The route inventory (server/http/inventory.ts) is complete and true: it lists exactly what the
// server serves, each route with its access, owner, write-only fields and a sample request, and the
// house rules of access hold for every route. A route added without them fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateRecord } from '../../src/domain/validate.ts'
import { appRoutes } from '../../server/app.ts'
import {
  missingFromEntry,
  routeInventory,
  type InventoryEntry,
} from '../../server/http/inventory.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

/** Every route anyone may call without logging in; a new one must be added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /health',
  'POST /blade-auth/oauth/token',
  'POST /blade-auth/oauth/sms/send-validate',
  'GET /blade-auth/oauth/public-key',
  'GET /blade-auth/oauth/captcha',
  'POST /blade-auth/token',
  'GET /blade-auth/captcha',
  'POST /blade-system/user/register-guest',
  'GET /blade-system/tenant/info',
  'GET /blade-resource/oss/endpoint/file/:day/:name',
  // The API description and its viewer: routes and declarations only, no data (server/http/api-docs.ts).
  'GET /v3/api-docs',
  'GET /doc.html',
  'GET /webjars/doc-init.js',
  'GET /webjars/swagger-ui/swagger-ui-bundle.js',
  'GET /webjars/swagger-ui/swagger-ui.css',
]

const key = (e: Pick<InventoryEntry, 'method' | 'url'>) => `${e.method} ${e.url}`

describe('route inventory', () => {
  let s: TestServer
  let inventory: InventoryEntry[]
  beforeAll(async () => {
    s = await startTestServer('sqlite')
    inventory = routeInventory(appRoutes(s.ctx))
  })
  afterAll(() => s?.close())

  it('lists exactly the routes the server serves', () => {
    expect(inventory.length).toBeGreaterThan(250)
    expect(new Set(inventory.map(key)).size).toBe(inventory.length)
    expect([...s.app.registeredRoutes].sort()).toEqual(inventory.map(key).sort())
  })

  it('gives every route its access, owner, write-only fields and a sample request', () => {
    const incomplete = inventory
      .filter((e) => missingFromEntry(e).length)
      .map((e) => `${key(e)}: ${missingFromEntry(e).join(', ')}`)
    expect(incomplete).toEqual([])
  })

  it('opens only the listed routes to callers who are not logged in', () => {
    expect(
      inventory
        .filter((e) => e.access.kind === 'public')
        .map(key)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort())
  })

  it('leaves writes of rows every tenant shares to the platform administrator', () => {
    const loose = inventory.filter(
      (e) => e.owner === 'platform' && e.method === 'POST' && e.access.kind !== 'platform',
    )
    expect(loose.map(key)).toEqual([])
  })

  it('names write-only fields for every route of an entity that has them', () => {
    for (const e of inventory)
      if (e.entity)
        expect(e.writeOnly, key(e)).toEqual(
          e.entity.fields.filter((f) => f.secret).map((f) => f.name),
        )
    expect(inventory.find((e) => e.url === '/blade-system/client/detail')?.writeOnly).toEqual([
      'clientSecret',
    ])
  })

  it('derives create samples the declaration itself accepts', () => {
    const creates = inventory.filter(
      (e) => e.entity && (e.url === `${e.entity.api}/submit` || e.url === `${e.entity.api}/save`),
    )
    expect(creates.length).toBeGreaterThan(30)
    for (const e of creates) {
      const errors = validateRecord(e.entity!, e.sample!.json as Record<string, unknown>, 'add')
      expect(
        errors.map((x) => x.field),
        key(e),
      ).toEqual([])
    }
  })
})
