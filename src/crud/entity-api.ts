// The data path of every declared entity (docs/architecture.md house rule 4): one query-options factory for
// list/detail, and submit/remove mutations that invalidate everything under ['crud', name].
// Endpoints are the server's generic ones: {api}/list, /detail, /submit, /remove, /export; a screen
// may name another list verb or shape (see ListSource). Entities keyed by another field than `id`
// (EntityDef.key, regions by `code`) are read by `?<key>=` and removed one by one with `?id=<key>`
// (docs/contract.md §4).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, request } from '@/api/http'
import { config } from '@/config'
import type { EntityDef } from '@/domain/entity'
import { refreshAfterWrite } from './refresh'

export type Row = Record<string, unknown>

export interface Page<T = Row> {
  records: T[]
  total: number
  /** This server's extension: `total` is a lower bound (the count stopped there); SpringBlade never sends it. */
  totalCapped?: boolean
  size: number
  current: number
  pages: number
}

/** Query parameters of a list call: current, size, ascs/descs and filters, all as strings. */
export type ListParams = Record<string, string | number>

/**
 * Where the rows of a list come from. 'page': a paged list ({api}/list or another verb such as
 * parent-list). 'forest': the whole nested forest for the filters (`children` arrays), not paged.
 * 'lazy': the roots for the filters, then a row's children when it is expanded (`parentParam`=id).
 */
export type ListSource =
  | { kind: 'page'; verb?: string }
  | { kind: 'forest'; verb?: string }
  | { kind: 'lazy'; verb?: string; parentParam?: string }

export const PAGED: ListSource = { kind: 'page' }
/** A tree listed a level at a time (`lazy-list`). */
export const LAZY: ListSource = { kind: 'lazy' }

export const urlOf = (def: Pick<EntityDef, 'api'>, verb: string) =>
  `${config.apiPrefix}${def.api}/${verb}`

/** The name of the key field. */
const keyOf = (def: EntityDef) => def.key ?? 'id'

/** A row's key as a string ('' when it has none). */
export const rowKey = (def: EntityDef, row: Row) => String(row[keyOf(def)] ?? '')

/** List reads show no toast: the list screen says a failure once, above its rows (a retry would toast twice). */
const LIST_READ = { silent: true }

const EMPTY_PAGE: Page = { records: [], total: 0, size: 10, current: 1, pages: 0 }

export function entityQueries(def: EntityDef) {
  const all = ['crud', def.name] as const
  /** A page of {api}/list or of another list verb (parent-list, child-list). */
  const page = (verb: string, params: ListParams) =>
    queryOptions({
      queryKey: [...all, verb, params] as const,
      queryFn: async () =>
        (await http.get<Page>(urlOf(def, verb), params, LIST_READ)) ?? EMPTY_PAGE,
      placeholderData: keepPreviousData,
    })
  return {
    all,
    list: (params: ListParams) => page('list', params),
    page,
    /** Rows answered as a plain array: a forest, the roots of a lazy tree, or one row's children. */
    rows: (verb: string, params: ListParams) =>
      queryOptions({
        queryKey: [...all, verb, 'rows', params] as const,
        queryFn: async () => (await http.get<Row[]>(urlOf(def, verb), params, LIST_READ)) ?? [],
      }),
    detail: (id: string) =>
      queryOptions({
        queryKey: [...all, 'detail', id] as const,
        queryFn: async () =>
          (await http.get<Row>(urlOf(def, 'detail'), { [keyOf(def)]: id })) ?? {},
      }),
  }
}

/** POST {api}/submit: a create without id, an update with it (or with its key). */
export function useSubmit(def: EntityDef) {
  const client = useQueryClient()
  return useMutation({
    // A stale version's 409 opens the conflict dialog (form/use-edit-conflict.tsx), not a toast
    // beside it.
    mutationFn: (row: Row) => http.post<Row>(urlOf(def, 'submit'), row, { quietFor: [409] }),
    onSuccess: () => refreshAfterWrite(client, def.name),
  })
}

/** POST {api}/remove?ids=a,b; keyed entities: one POST {api}/remove?id=<key> per row. */
function removeRows(def: EntityDef, ids: string[]): Promise<unknown> {
  const remove = (query: Record<string, string>) =>
    request<unknown>(urlOf(def, 'remove'), { method: 'POST', query })
  if (!def.key) return remove({ ids: ids.join(',') })
  return ids.reduce<Promise<unknown>>(
    (done, id) => done.then(() => remove({ id })),
    Promise.resolve(),
  )
}

export function useRemove(def: EntityDef) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) => removeRows(def, ids),
    // A keyed remove may stop half-way: refresh either way.
    onSettled: () => refreshAfterWrite(client, def.name),
  })
}

/** GET {api}/export with the list filters: the xlsx as a Blob. */
export function exportBlob(def: Pick<EntityDef, 'api'>, filters: ListParams): Promise<Blob> {
  return request<Blob>(urlOf(def, 'export'), { query: filters, responseType: 'blob' })
}
