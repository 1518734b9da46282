// "Clear cache" of the tab menu: the server's caches (GET /blade-auth/oauth/clear-cache), the
// React Query cache and the app's local storage entries, keeping the session, the open tabs and
// the user's own settings and error log.
import type { QueryClient } from '@tanstack/react-query'
import { clearCache } from '@/api/auth'
import { KEY_PREFIX } from '@/api/storage'

/** Storage names (without the prefix) that survive: session store, tabs, preferences, error log. */
const KEPT_NAMES = [
  'token',
  'refreshToken',
  'tenantId',
  'userInfo',
  'roles',
  'permission',
  'menu',
  'isLock',
  'lockPasswd',
  'tokenStoredAt',
  'tagList',
  'themeName',
  'colorName',
  'language',
  'errorLog',
  'menuUsage',
]

function clearLocalCaches(queryClient: QueryClient): void {
  queryClient.clear()
  for (const area of [window.localStorage, window.sessionStorage]) {
    for (const key of Object.keys(area)) {
      if (key.startsWith(KEY_PREFIX) && !KEPT_NAMES.includes(key.slice(KEY_PREFIX.length)))
        area.removeItem(key)
    }
  }
}

export async function clearAllCaches(queryClient: QueryClient): Promise<void> {
  await clearCache()
  clearLocalCaches(queryClient)
}
