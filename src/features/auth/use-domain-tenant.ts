import { useEffect, useState } from 'react'
import { getTenantInfo } from '@/api/auth'
import { config } from '@/config'

/**
 * The tenant bound to this site's domain (Saber sends the whole page URL as `domain`).
 * `resolved` is true when the server names one: the tenant box is then hidden.
 */
export function useDomainTenant(): { tenantId: string; resolved: boolean } {
  const [tenantId, setTenantId] = useState('')
  useEffect(() => {
    if (!config.tenantMode) return
    let live = true
    void getTenantInfo(window.location.href).then((info) => {
      if (live && info?.tenantId) setTenantId(info.tenantId)
    })
    return () => {
      live = false
    }
  }, [])
  if (!config.tenantMode) return { tenantId: config.tenantId, resolved: true }
  return { tenantId, resolved: tenantId !== '' }
}
