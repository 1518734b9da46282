import { createFileRoute } from '@tanstack/react-router'
import { Suspense } from 'react'
import { logger } from '@/api/logger'
import { listSearch } from '@/crud/list/list-search-params'
import { genericScreenFor, loadedEntity } from '@/app/generic-screens'
import { CrudScreen } from '@/crud/crud-screen'
import { RouteError } from '@/shell/error-log/route-error'
import { registerScreens, type ScreenLoader } from '@/shell/screen-registry'
import { Loading, MenuScreen } from '@/shell/screens/menu-screen'

// Business screens that need more than the engine plug in by adding src/features/<area>/screens.ts
// exporting `screens: Record<menu path, () => import(...)>`; nothing else needs to change.
const modules = import.meta.glob<{ screens?: Record<string, ScreenLoader> }>(
  '../../features/*/screens.ts',
  { eager: true },
)
for (const m of Object.values(modules)) if (m.screens) registerScreens(m.screens)

// Any other menu entry whose code names a declared entity (its permission prefix) gets the generic
// list screen: a new simple entity needs its declaration, its registration and a menu entry.

/** How long a navigation waits for the screen's code before it shows the screen's loading state. */
const LOADER_WAIT_MS = 2000

// Any other path inside the shell: a menu path (its screen or a pending panel), else /404.
export const Route = createFileRoute('/_main/$')({
  validateSearch: listSearch,
  // A list's first page starts loading when its menu entry is hovered or focused, and on navigation,
  // so the rows come sooner. Not awaited: the screen shows at once and its query joins the request in flight (or
  // waits, offline, with the restored data). The code is imported here: this file is in the first download.
  loader: ({ params, location }) => {
    const path = `/${params._splat ?? ''}`
    const prepared = (async () => {
      const prefetch = await import('@/app/list-prefetch').catch((err: unknown) =>
        logger.warn('list-prefetch', err),
      )
      if (!prefetch) return
      void prefetch
        .prefetchList(path, location.search as Record<string, unknown>)
        .catch((err: unknown) => logger.warn('list-prefetch', err))
      // The generic screen's declaration (a small chunk, precached): awaited so the screen renders with it.
      await prefetch.loadScreenEntity(path)
    })()
    // The click opens the screen even while a chunk is slow to come: past this wait the screen shows
    // its own loading state (its declaration then loads lazily) instead of the navigation waiting.
    return Promise.race([
      prepared,
      new Promise<void>((resolve) => setTimeout(resolve, LOADER_WAIT_MS)),
    ])
  },
  component: Page,
  errorComponent: RouteError,
})

function Page() {
  const { _splat } = Route.useParams()
  const path = `/${_splat ?? ''}`
  return (
    <MenuScreen
      path={path}
      generic={(node) => {
        const entity = node.code ? loadedEntity(node.code) : undefined
        if (entity) return <CrudScreen key={node.code} entity={entity} />
        const Screen = node.code ? genericScreenFor(node.code) : undefined
        // The key remounts the engine per screen, so one screen's state never leaks into the next.
        return Screen ? (
          <Suspense key={node.code} fallback={<Loading />}>
            <Screen />
          </Suspense>
        ) : null
      }}
    />
  )
}
