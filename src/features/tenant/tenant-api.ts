// Tenant actions beyond the generic CRUD (BladeX /blade-system/tenant): settings, data source,
// package, recycle and pass. Each answers the plain envelope; the list is refreshed by the caller.
import { http, request } from '@/api/http'
import type { Row } from '@/crud/entity-api'
import { versionsQuery } from '@/crud/conflict/read-versions'
import { config } from '@/config'

const TENANT = `${config.apiPrefix}/blade-system/tenant`
// The caller shows a stale row's 409 its own way (the list's rows carry the versions they were read at).
const post = (verb: string, query: Record<string, string>) =>
  request<unknown>(`${TENANT}/${verb}`, { method: 'POST', query, quietFor: [409] })
/** The version the tenant was listed at, for a binding keyed by tenant code. */
const versionQuery = (row: Row): { version?: string } =>
  row.version === undefined || row.version === null || row.version === ''
    ? {}
    : { version: String(row.version) }
const idsOf = (rows: Row[]) => rows.map((r) => String(r.id)).join(',')

export interface TenantSetting {
  accountNumber: number
  /** 'yyyy-MM-dd HH:mm:ss', or '' for no expiry. */
  expireTime: string
}

export const tenantApi = {
  setting: (rows: Row[], s: TenantSetting) =>
    post('setting', {
      ids: idsOf(rows),
      accountNumber: String(s.accountNumber),
      expireTime: s.expireTime,
      ...versionsQuery(rows),
    }),
  datasource: (row: Row, datasourceId: string) =>
    post('datasource', { tenantId: String(row.tenantId), datasourceId, ...versionQuery(row) }),
  packageSetting: (row: Row, packageId: string) =>
    post('package-setting', { tenantId: String(row.tenantId), packageId, ...versionQuery(row) }),
  packageDetail: (tenantId: string) =>
    http.get<{ id?: string }>(`${TENANT}/package-detail`, { tenantId }),
  recycle: (rows: Row[]) => post('recycle', { ids: idsOf(rows), ...versionsQuery(rows) }),
  pass: (rows: Row[]) => post('pass', { ids: idsOf(rows), ...versionsQuery(rows) }),
}

/** Account number rule: an integer, -1 meaning unlimited. */
export function validAccountNumber(v: unknown): boolean {
  if (v === '' || v === null || v === undefined) return false
  const n = Number(v)
  return Number.isInteger(n) && n >= -1
}
