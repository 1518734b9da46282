import { describe, expect, it } from 'vitest'
import { config } from '@/config'
import {
  API_CACHE_PREFIX,
  API_PREFIX,
  apiCacheKind,
  apiCacheName,
  apiCacheNamesOf,
  cacheScope,
  isStorableAnswer,
  writeInvalidatesApiCache,
} from './api-cache-rules'

const u = (path: string) => new URL(path, 'https://admin.example.vn')

/** An unsigned JWT with these claims (the worker decodes, never verifies). */
function token(claims: Record<string, unknown>): string {
  const b64url = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('route matching', () => {
  it('uses the app API prefix', () => {
    expect(API_PREFIX).toBe(config.apiPrefix)
  })

  it('caches GET reads of dictionaries, menus and user info', () => {
    expect(apiCacheKind(u('/api/blade-system/dict/dictionary?code=sex'), 'GET')).toBe('dict')
    expect(apiCacheKind(u('/api/blade-system/dict-biz/dictionary?code=kol_level'), 'GET')).toBe(
      'dict',
    )
    expect(
      apiCacheKind(
        u('/api/blade-system/dict-biz/child-list?code=kol_level&current=1&size=20'),
        'GET',
      ),
    ).toBe('dict')
    expect(apiCacheKind(u('/api/blade-system/menu/routes'), 'GET')).toBe('menu')
    expect(apiCacheKind(u('/api/blade-system/menu/routes?topMenuId=1'), 'GET')).toBe('menu')
    expect(apiCacheKind(u('/api/blade-system/menu/buttons'), 'GET')).toBe('menu')
    expect(apiCacheKind(u('/api/blade-system/menu/top-menu'), 'GET')).toBe('menu')
    expect(apiCacheKind(u('/api/blade-system/user/info'), 'GET')).toBe('user')
    expect(apiCacheKind(u('/api/blade-auth/oauth/user-info'), 'GET')).toBe('user')
  })

  it('never caches writes', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(apiCacheKind(u('/api/blade-system/menu/routes'), method)).toBeNull()
      expect(apiCacheKind(u('/api/blade-system/dict/dictionary?code=sex'), method)).toBeNull()
    }
  })

  it('leaves lists, editable child lists and other reads to the network', () => {
    expect(apiCacheKind(u('/api/blade-system/user/list'), 'GET')).toBeNull()
    expect(apiCacheKind(u('/api/blade-system/menu/list'), 'GET')).toBeNull()
    expect(apiCacheKind(u('/api/blade-system/menu/tree'), 'GET')).toBeNull()
    expect(
      apiCacheKind(u('/api/blade-system/dict-biz/child-list?parentId=12&current=1&size=10'), 'GET'),
    ).toBeNull()
    expect(
      apiCacheKind(u('/api/blade-system/dict-biz/child-list?parentId=12&code=x'), 'GET'),
    ).toBeNull()
    expect(apiCacheKind(u('/api/blade-system/dict/child-list?code=sex'), 'GET')).toBeNull()
    expect(apiCacheKind(u('/api/blade-auth/oauth/captcha'), 'GET')).toBeNull()
    expect(apiCacheKind(u('/blade-system/menu/routes'), 'GET')).toBeNull()
    expect(apiCacheKind(u('/api/blade-system/menu/routes/extra'), 'GET')).toBeNull()
  })

  it('drops the cached reads after writes to system and auth endpoints, except the token grant', () => {
    expect(writeInvalidatesApiCache(u('/api/blade-system/menu/submit'), 'POST')).toBe(true)
    expect(writeInvalidatesApiCache(u('/api/blade-system/dict-biz/remove?ids=1'), 'POST')).toBe(
      true,
    )
    expect(writeInvalidatesApiCache(u('/api/blade-system/user/update-info'), 'POST')).toBe(true)
    expect(writeInvalidatesApiCache(u('/api/blade-auth/oauth/token'), 'POST')).toBe(false)
    expect(writeInvalidatesApiCache(u('/api/blade-system/menu/routes'), 'GET')).toBe(false)
    expect(writeInvalidatesApiCache(u('/api/stock/count-line/submit'), 'POST')).toBe(false)
  })
})

describe('cache naming per tenant and user', () => {
  it('takes tenant and user from the Blade-Auth token', () => {
    const h = new Headers({
      'Blade-Auth': `bearer ${token({ tenant_id: '000000', user_id: '1123598821738675201' })}`,
    })
    expect(cacheScope(h)).toBe('000000_1123598821738675201')
    expect(apiCacheName('menu', '000000_1123598821738675201')).toBe(
      `${API_CACHE_PREFIX}menu-000000_1123598821738675201`,
    )
  })

  it('separates tenants and users', () => {
    const scope = (claims: Record<string, unknown>) =>
      cacheScope(new Headers({ 'Blade-Auth': `bearer ${token(claims)}` }))
    const names = new Set([
      scope({ tenant_id: '000000', user_id: '1' }),
      scope({ tenant_id: '123456', user_id: '1' }),
      scope({ tenant_id: '000000', user_id: '2' }),
    ])
    expect(names.size).toBe(3)
  })

  it('falls back to the Tenant-Id header for the tenant', () => {
    const h = new Headers({
      'Blade-Auth': `bearer ${token({ user_id: '9' })}`,
      'Tenant-Id': '654321',
    })
    expect(cacheScope(h)).toBe('654321_9')
  })

  it('does not cache without a usable token', () => {
    expect(cacheScope(new Headers())).toBeNull()
    expect(cacheScope(new Headers({ 'Tenant-Id': '000000' }))).toBeNull()
    expect(cacheScope(new Headers({ 'Blade-Auth': 'bearer not-a-jwt' }))).toBeNull()
    expect(
      cacheScope(new Headers({ 'Blade-Auth': `bearer ${token({ tenant_id: '000000' })}` })),
    ).toBeNull()
  })

  it('keeps cache names to a safe alphabet', () => {
    const h = new Headers({
      'Blade-Auth': `bearer ${token({ tenant_id: '00/0 0', user_id: '../x' })}`,
    })
    expect(cacheScope(h)).toBe('0000_x')
  })

  it('lists every kind of a scope for invalidation', () => {
    expect(apiCacheNamesOf('t_u').sort()).toEqual([
      `${API_CACHE_PREFIX}dict-t_u`,
      `${API_CACHE_PREFIX}menu-t_u`,
      `${API_CACHE_PREFIX}user-t_u`,
    ])
  })
})

describe('cacheWillUpdate: what may be stored', () => {
  it('stores a successful Blade envelope', async () => {
    expect(
      await isStorableAnswer(
        json({ code: 200, success: true, data: [{ dictKey: '1' }], msg: '操作成功' }),
      ),
    ).toBe(true)
  })

  it('refuses a business error answered with HTTP 200', async () => {
    expect(
      await isStorableAnswer(
        json({ code: 400, success: false, data: {}, msg: '缺少必要的请求参数: code' }),
      ),
    ).toBe(false)
    // A code other than 200 is an error even without `success`.
    expect(await isStorableAnswer(json({ code: 401, data: {}, msg: '请求未授权' }))).toBe(false)
  })

  it('refuses non-200 answers and bodies that are not envelopes', async () => {
    expect(await isStorableAnswer(json({ code: 500, success: false, msg: 'x' }, 500))).toBe(false)
    expect(await isStorableAnswer(json({ code: 200, success: true, data: {} }, 203))).toBe(false)
    expect(await isStorableAnswer(new Response('<html>proxy error</html>', { status: 200 }))).toBe(
      false,
    )
    expect(await isStorableAnswer(json([1, 2]))).toBe(false)
    expect(await isStorableAnswer(json(null))).toBe(false)
  })

  it('leaves the response body readable for the page', async () => {
    const res = json({ code: 200, success: true, data: 'x', msg: '' })
    await isStorableAnswer(res)
    expect(await res.json()).toMatchObject({ data: 'x' })
  })
})
