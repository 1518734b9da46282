// Prints the route inventory (server/http/inventory.ts): method, path, access, owner, write-only
// fields and whether a sample request is known. Usage: node scripts/routes.ts
import { appRoutes } from '../server/app.ts'
import type { AppContext } from '../server/core/routes.ts'
import { describeAccess, missingFromEntry, routeInventory } from '../server/http/inventory.ts'

// Routes are declared without touching the database or the keys: a bare context is enough to list them.
const entries = routeInventory(
  appRoutes({ config: { tokenRateLimit: 60 } } as unknown as AppContext),
)
for (const e of entries) {
  const missing = missingFromEntry(e)
  console.info(
    [
      e.method.padEnd(4),
      e.url.padEnd(52),
      describeAccess(e.access).padEnd(40),
      (e.owner ?? '?').padEnd(8),
      e.writeOnly.join(',') || '-',
      missing.length ? `MISSING ${missing.join(',')}` : '',
    ].join(' '),
  )
}
// The README quotes no route counts (they grow with every screen): this line is where to read them.
const count = (kinds: string[]) => entries.filter((e) => kinds.includes(e.access.kind)).length
console.info(
  `${entries.length} routes: ${count(['public'])} public, ${count(['user'])} for any logged-in user, ${count(['button', 'anyButton'])} needing a button, ${count(['platform'])} platform-only; ${entries.filter((e) => missingFromEntry(e).length).length} incomplete`,
)
