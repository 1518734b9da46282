// The data path of every declared entity (style.md principle 4): one query-options factory for
// list/detail, and submit/remove mutations that invalidate everything under ['crud', name].
// Endpoints are the server's generic ones: {api}/list, /detail, /submit, /remove, /export.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, request } from '@/api/http'
import { config } from '@/app/config'
import type { EntityDef } from '@/domain/entity'

export type Row = Record<string, unknown>

export interface Page<T = Row> {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
}

/** Query parameters of a list call: current, size, ascs/descs and filters, all as strings. */
export type ListParams = Record<string, string | number>

export const urlOf = (def: EntityDef, verb: string) => `${config.apiPrefix}${def.api}/${verb}`

export function entityQueries(def: EntityDef) {
  const all = ['crud', def.name] as const
  return {
    all,
    list: (params: ListParams) =>
      queryOptions({
        queryKey: [...all, 'list', params] as const,
        queryFn: async () => (await http.get<Page>(urlOf(def, 'list'), params)) ?? { records: [], total: 0, size: 10, current: 1, pages: 0 },
        placeholderData: keepPreviousData,
      }),
    detail: (id: string) =>
      queryOptions({
        queryKey: [...all, 'detail', id] as const,
        queryFn: async () => (await http.get<Row>(urlOf(def, 'detail'), { id })) ?? {},
      }),
  }
}

/** POST {api}/submit: a create without id, an update with it. */
export function useSubmit(def: EntityDef) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (row: Row) => http.post<Row>(urlOf(def, 'submit'), row),
    onSuccess: () => client.invalidateQueries({ queryKey: ['crud', def.name] }),
  })
}

/** POST {api}/remove?ids=a,b */
export function useRemove(def: EntityDef) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) => request<unknown>(urlOf(def, 'remove'), { method: 'POST', query: { ids: ids.join(',') } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['crud', def.name] }),
  })
}

/** GET {api}/export with the list filters: the xlsx as a Blob. */
export function exportBlob(def: EntityDef, filters: ListParams): Promise<Blob> {
  return request<Blob>(urlOf(def, 'export'), { query: filters, responseType: 'blob' })
}
