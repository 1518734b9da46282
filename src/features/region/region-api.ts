// Regions are keyed by code (contract §10.5): lazy trees by parentCode ('0' = the top), detail by
// code, submit as an upsert by code, remove?id=<code> (refused while children exist).
import { queryOptions } from '@tanstack/react-query'
import { http, request } from '@/api/http'
import { config } from '@/app/config'
import type { Row } from '@/crud/entity-api'

const REGION = `${config.apiPrefix}/blade-system/region`
export const ROOT = '0'

export interface RegionNode {
  id: string
  parentId: string
  title: string
  value: string
  hasChildren: boolean
}

export const regionApi = {
  /** Children of a region as tree nodes; no parentCode = the top level. */
  lazyTree: async (parentCode?: string) => (await http.get<RegionNode[]>(`${REGION}/lazy-tree`, parentCode ? { parentCode } : {})) ?? [],
  submit: (row: Row) => http.post<Row>(`${REGION}/submit`, row),
  remove: (code: string) => request<unknown>(`${REGION}/remove`, { method: 'POST', query: { id: code } }),
}

export const regionQueries = {
  detail: (code: string) => queryOptions({ queryKey: ['region', 'detail', code] as const, queryFn: async () => (await http.get<Row>(`${REGION}/detail`, { code })) ?? {} }),
  children: (parentCode: string) =>
    queryOptions({ queryKey: ['region', 'children', parentCode] as const, queryFn: async () => (await http.get<Row[]>(`${REGION}/lazy-list`, { parentCode })) ?? [] }),
}
