// Tenant actions beyond the generic CRUD (BladeX /blade-system/tenant): settings, data source,
// package, recycle and pass. Each answers the plain envelope; the list is refreshed by the caller.
import { http, request } from '@/api/http'
import { config } from '@/config'

const TENANT = `${config.apiPrefix}/blade-system/tenant`
const post = (verb: string, query: Record<string, string>) => request<unknown>(`${TENANT}/${verb}`, { method: 'POST', query })

export interface TenantSetting {
  accountNumber: number
  /** 'yyyy-MM-dd HH:mm:ss', or '' for no expiry. */
  expireTime: string
}

export const tenantApi = {
  setting: (ids: string[], s: TenantSetting) => post('setting', { ids: ids.join(','), accountNumber: String(s.accountNumber), expireTime: s.expireTime }),
  datasource: (tenantId: string, datasourceId: string) => post('datasource', { tenantId, datasourceId }),
  packageSetting: (tenantId: string, packageId: string) => post('package-setting', { tenantId, packageId }),
  packageDetail: (tenantId: string) => http.get<{ id?: string }>(`${TENANT}/package-detail`, { tenantId }),
  recycle: (ids: string[]) => post('recycle', { ids: ids.join(',') }),
  pass: (ids: string[]) => post('pass', { ids: ids.join(',') }),
}

/** Account number rule: an integer, -1 meaning unlimited. */
export function validAccountNumber(v: unknown): boolean {
  if (v === '' || v === null || v === undefined) return false
  const n = Number(v)
  return Number.isInteger(n) && n >= -1
}
