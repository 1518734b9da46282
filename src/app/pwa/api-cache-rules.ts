// Which API reads the service worker keeps for offline use (docs/offline.md R26), how those caches are named and
// which answers may be stored. Shared by the worker (sw/api-cache.ts) and the page (logout clears
// the caches), so it uses only what both have: URL, Headers, Response, atob.
//
// Scope decision: the cache name carries the tenant and user taken from the request's own
// `Blade-Auth` token (the JWT's tenant_id and user_id claims, decoded, not verified: it only picks a
// cache partition; the server still checks the token). The worker is stateless this way: a worker
// restarted by the browser needs no message from the page to know the tenant, and two users of one
// tablet never see each other's menus. A request without a token is not cached at all.

/** Same as config.apiPrefix (the worker cannot read the app's config; a test keeps them equal). */
export const API_PREFIX = '/api'

/** Every runtime API cache starts with this; logout deletes them all. */
export const API_CACHE_PREFIX = 'blade-api-'

export type ApiCacheKind = 'dict' | 'menu' | 'user'

const DAY = 24 * 60 * 60

export interface CachePolicy {
  maxEntries: number
  maxAgeSeconds: number
}

// 30 days: longer than a field user's expected offline period, like the outbox's key retention.
export const CACHE_POLICIES: Record<ApiCacheKind, CachePolicy> = {
  dict: { maxEntries: 200, maxAgeSeconds: 30 * DAY },
  menu: { maxEntries: 40, maxAgeSeconds: 30 * DAY },
  user: { maxEntries: 10, maxAgeSeconds: 30 * DAY },
}

const EXACT: Record<string, ApiCacheKind> = {
  [`${API_PREFIX}/blade-system/dict/dictionary`]: 'dict',
  [`${API_PREFIX}/blade-system/dict-biz/dictionary`]: 'dict',
  [`${API_PREFIX}/blade-system/menu/routes`]: 'menu',
  [`${API_PREFIX}/blade-system/menu/buttons`]: 'menu',
  [`${API_PREFIX}/blade-system/menu/top-menu`]: 'menu',
  [`${API_PREFIX}/blade-system/user/info`]: 'user',
  [`${API_PREFIX}/blade-auth/oauth/user-info`]: 'user',
}

/** The cache kind of a request, or null: only GET reads of dictionaries, menus and user info. */
export function apiCacheKind(url: URL, method: string): ApiCacheKind | null {
  if (method !== 'GET') return null
  const exact = EXACT[url.pathname]
  if (exact) return exact
  // A dictionary's child list by code is an option source (dictBizChild); the admin screen's
  // child-list by parentId is an editable list and must stay fresh.
  if (
    url.pathname === `${API_PREFIX}/blade-system/dict-biz/child-list` &&
    url.searchParams.has('code') &&
    !url.searchParams.has('parentId')
  )
    return 'dict'
  return null
}

/**
 * A write that may change what the cached reads answer (a menu, dictionary, role grant or user
 * edit): the worker drops the caller's API caches so the next read goes to the server. Field
 * writes (stock counts, KOL follow-ups) live elsewhere and keep the offline menus intact; the
 * token grant is excluded because a refresh changes nothing cached.
 */
export function writeInvalidatesApiCache(url: URL, method: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false
  if (url.pathname === `${API_PREFIX}/blade-auth/oauth/token`) return false
  return (
    url.pathname.startsWith(`${API_PREFIX}/blade-system/`) ||
    url.pathname.startsWith(`${API_PREFIX}/blade-auth/`)
  )
}

function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const b64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const json = atob(b64.padEnd(b64.length + ((4 - (b64.length % 4)) % 4), '='))
    const claims = JSON.parse(json) as unknown
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}

// Cache names end up in CacheStorage keys: keep them to a safe, bounded alphabet.
const safe = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number'
    ? String(v)
        .replace(/[^A-Za-z0-9_]/g, '')
        .slice(0, 40)
    : ''

/** "<tenant>_<user>" from the request's Blade-Auth token, or null when the request has no usable token. */
export function cacheScope(headers: Headers): string | null {
  const auth = headers.get('Blade-Auth') ?? ''
  const token = auth.replace(/^bearer\s+/i, '').trim()
  if (!token) return null
  const claims = jwtClaims(token)
  const tenant = safe(claims?.tenant_id) || safe(headers.get('Tenant-Id'))
  const user = safe(claims?.user_id)
  if (!tenant || !user) return null
  return `${tenant}_${user}`
}

export const apiCacheName = (kind: ApiCacheKind, scope: string) =>
  `${API_CACHE_PREFIX}${kind}-${scope}`

/** The cache names of one scope (all kinds), for invalidation after a write. */
export const apiCacheNamesOf = (scope: string) =>
  (Object.keys(CACHE_POLICIES) as ApiCacheKind[]).map((k) => apiCacheName(k, scope))

/**
 * Whether an answer may be stored: HTTP 200 with a Blade envelope that is not a business error.
 * Blade answers business errors as HTTP 200 with `success: false` / `code: 400`; caching one would
 * serve the error offline in place of the last good answer.
 */
export async function isStorableAnswer(response: Response): Promise<boolean> {
  if (response.status !== 200 || response.type === 'opaque' || response.type === 'opaqueredirect')
    return false
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return false
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false
  const { success, code } = body as { success?: unknown; code?: unknown }
  if (success === false) return false
  if (code !== undefined && Number(code) !== 200) return false
  return true
}
