import { createRouter } from '@tanstack/react-router'
import { logger } from '@/api/logger'
import { preloadScreen } from '@/shell/screen-registry'
import { routeTree } from '../routeTree.gen'

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

/**
 * Starts loading the code of the page being opened (its route chunks and its registered business
 * screen) before React renders, so it arrives alongside the start-up work instead of after the
 * first render asks for it (docs/offline.md P1). The router and the screen still load it themselves
 * on render; a failure here changes nothing and shows there.
 */
export function preloadPageCode(pathname: string): void {
  try {
    const [routes] = router.getMatchedRoutes(pathname)
    for (const route of routes) router.loadRouteChunk(route)?.catch(() => {})
    preloadScreen(pathname)
  } catch (err) {
    logger.warn('preload-page-code', err)
  }
}
