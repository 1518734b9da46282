// The generic list screen of a menu code whose entity is declared: the declaration is
// loaded with the screen, so the first list downloads its own declaration and not every entity's.
// One import per code, shared by the route loader's prefetch and the lazy screen; a failed one is
// forgotten so that the next attempt loads again (like screen-registry.ts).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { CrudScreen } from '@/crud/crud-screen'
import type { EntityDef } from '@/domain/entity'
import { entityLoaders } from '@/domain/entity-loaders'
import { importWithTimeout } from '@/shell/error-log/chunk-error'

const pending = new Map<string, Promise<EntityDef>>()
const loaded = new Map<string, EntityDef>()
const screens = new Map<string, LazyExoticComponent<ComponentType>>()

/** The entity declared under a menu code, loaded once; undefined when none is. */
export function loadEntity(code: string): Promise<EntityDef> | undefined {
  const load = Object.hasOwn(entityLoaders, code) ? entityLoaders[code] : undefined
  if (!load) return undefined
  let entity = pending.get(code)
  if (!entity) {
    entity = importWithTimeout(load)
    entity.then(
      (def) => loaded.set(code, def),
      () => pending.delete(code),
    )
    pending.set(code, entity)
  }
  return entity
}

/**
 * The entity of a code once loaded: the route loader awaits the load, so the screen renders at once
 * with its rows (an offline reload shows the last-seen list in its first paint, docs/offline.md P1) instead of
 * suspending for a chunk that is already there.
 */
export function loadedEntity(code: string): EntityDef | undefined {
  return loaded.get(code)
}

/** The lazy generic list screen of a menu code, or undefined when no entity is declared under it. */
export function genericScreenFor(code: string): LazyExoticComponent<ComponentType> | undefined {
  if (!Object.hasOwn(entityLoaders, code)) return undefined
  let screen = screens.get(code)
  if (!screen) {
    screen = lazy(async () => {
      const entity = await loadEntity(code)!
      return { default: () => <CrudScreen entity={entity} /> }
    })
    screens.set(code, screen)
  }
  return screen
}
