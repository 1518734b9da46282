// Every declared entity, loaded: the server builds generic endpoints for each, and the screens that
// need them all (the outbox) read them here. The list itself is entity-loaders.ts, keyed by menu code.
import type { EntityDef } from './entity.ts'
import { entityLoaders } from './entity-loaders.ts'

export const entities: EntityDef[] = await Promise.all(
  Object.values(entityLoaders).map((load) => load()),
)
