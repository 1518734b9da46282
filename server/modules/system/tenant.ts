// Tenant from the page's domain (public): exact match of `domain`, or the same host as the URL given.
import { PUBLIC } from '../../core/access.ts'
import { ok } from '../../core/envelope.ts'
import { params, type Module } from '../../core/routes.ts'

/** host[:port] of a URL or bare domain, lower case; '' when it cannot be read. */
function hostOf(value: string): string {
  const v = value.trim()
  if (!v) return ''
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `http://${v}`).host.toLowerCase()
  } catch {
    return ''
  }
}

export const tenantModule: Module = ({ db }) => [
  {
    method: 'GET',
    url: '/blade-system/tenant/info',
    access: PUBLIC,
    handler: async (req) => {
      const domain = (params(req).domain ?? '').trim()
      if (!domain) return ok({})
      const host = hostOf(domain)
      const tenants = await db
        .selectFrom('bladeTenant')
        .select(['tenantId', 'tenantName', 'domain', 'backgroundUrl'])
        .where('isDeleted', '=', 0)
        .where('domain', 'is not', null)
        .where('domain', '<>', '')
        .orderBy('id')
        .execute()
      const match =
        tenants.find((t) => t.domain === domain) ??
        (host ? tenants.find((t) => hostOf(t.domain ?? '') === host) : undefined)
      if (!match) return ok({})
      return ok({
        tenantId: match.tenantId,
        tenantName: match.tenantName,
        domain: match.domain ?? '',
        backgroundUrl: match.backgroundUrl ?? '',
      })
    },
  },
]
