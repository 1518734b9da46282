// Starts a generic list screen's first page before the screen asks, so the rows come sooner: the `/_main/$` route's
// loader calls this when a menu entry is hovered or focused (router preload 'intent') and on
// navigation. The page is the one the screen will request (docs/architecture.md house rule 3): the URL's list
// state, or, for a URL without any, the user's saved size and filters or the declared defaults
// (use-list-state.ts), so the screen's query finds it in the cache or in flight.
import { sessionStore } from '@/api/session'
import { entityQueries, type ListParams } from '@/crud/entity-api'
import { DEFAULT_SIZE, defaultFilters, filtersOf } from '@/crud/list/list-search'
import { getPreference } from '@/crud/preferences'
import type { EntityDef } from '@/domain/entity'
import { screenFor } from '@/shell/screen-registry'
import { menuNodeFor } from '@/shell/tabs/route-tab'
import { loadEntity } from './generic-screens'
import { queryClient } from './query-client'

/** The entity a menu path shows with the generic list screen, if it does. */
export async function listEntityOf(path: string): Promise<EntityDef | undefined> {
  if (screenFor(path)) return undefined
  const code = menuNodeFor(sessionStore.getState().menu, path)?.code
  return code ? loadEntity(code) : undefined
}

/** The params of the first page the screen will show for `search` (the URL's list state). */
export async function firstPageParams(
  def: EntityDef,
  search: Record<string, unknown>,
): Promise<ListParams> {
  const current = Number(search.current ?? 1)
  const size = Number(search.size ?? DEFAULT_SIZE)
  const filters = filtersOf(search)
  const sort = {
    ...(typeof search.ascs === 'string' ? { ascs: search.ascs } : {}),
    ...(typeof search.descs === 'string' ? { descs: search.descs } : {}),
  }
  const untouched =
    current === 1 &&
    size === DEFAULT_SIZE &&
    Object.keys(sort).length === 0 &&
    Object.keys(filters).length === 0
  if (!untouched) return { ...filters, ...sort, current, size }
  const { tenantId, userInfo } = sessionStore.getState()
  const saved = await getPreference(
    { tenantId, userId: userInfo.user_id ?? '' },
    `crud:${def.name}`,
  ).catch(() => undefined)
  return {
    ...(saved?.filters ?? defaultFilters(def)),
    current: 1,
    size: saved?.size ?? DEFAULT_SIZE,
  }
}

/** Fetches the first page of the list at `path` into the query cache, unless it is there already. */
export async function prefetchList(path: string, search: Record<string, unknown>): Promise<void> {
  const def = await listEntityOf(path)
  if (!def) return
  await queryClient.ensureQueryData(entityQueries(def).list(await firstPageParams(def, search)))
}

/** Loads the declaration of the generic list at `path`, if it shows one; never fails (the screen reports). */
export async function loadScreenEntity(path: string): Promise<void> {
  await listEntityOf(path).catch(() => undefined)
}
