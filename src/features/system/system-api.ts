// The system endpoints beyond the generic five (contract §7–§10): TreeNode forests for pickers and
// grants, actions that take their ids as query params, and the lists of tree and dictionary screens.
// Keys stay under ['crud', entity] so the engine's submit/remove invalidate them too.
import { queryOptions } from '@tanstack/react-query'
import { http, request, requestEnvelope } from '@/api/http'
import { config } from '@/app/config'
import type { EntityDef } from '@/domain/entity'
import type { Page, Row } from '@/crud/entity-api'

export const SYSTEM = `${config.apiPrefix}/blade-system`

/** TreeNode of contract §2.5. */
export interface TreeNode {
  id: string
  parentId?: string
  title: string
  value: string
  key?: string
  hasChildren?: boolean
  children?: TreeNode[]
}

/** What grant-tree, grant-top-tree, role-tree-keys and top-tree-keys answer. */
export interface GrantSets<T> {
  menu: T
  dataScope: T
  apiScope: T
}

export const treeQuery = (path: string) =>
  queryOptions({
    queryKey: ['system', 'tree', path] as const,
    queryFn: async () => (await http.get<TreeNode[]>(`${SYSTEM}${path}`)) ?? [],
  })

/** POST with the ids in the query string (user grant, reset-password, unlock, audit). */
export const postWithQuery = (path: string, query: Record<string, string>) => request<unknown>(`${SYSTEM}${path}`, { method: 'POST', query })

/** POST as application/x-www-form-urlencoded (long values stay out of the URL). */
export const postUrlencoded = (path: string, form: Record<string, string>) => request<unknown>(`${SYSTEM}${path}`, { method: 'POST', form })

export const postJson = (path: string, body: unknown) => http.post<unknown>(`${SYSTEM}${path}`, body)

/** The envelope's message of a multipart POST (the import reports how many rows it took). */
export async function postForm(path: string, form: FormData): Promise<string> {
  return (await requestEnvelope<unknown>(`${SYSTEM}${path}`, { method: 'POST', body: form })).msg
}

export const getBlob = (path: string, query?: Record<string, string | number>) => request<Blob>(`${SYSTEM}${path}`, { query, responseType: 'blob' })

const api = (def: EntityDef, verb: string) => `${config.apiPrefix}${def.api}/${verb}`

/**
 * One level of a tree table. 'forest': {api}/list answers the whole nested forest for the filters.
 * 'lazy': {api}/lazy-list answers the roots (with the filters) or the children of `parentId`.
 */
export const treeLevelQuery = (def: EntityDef, mode: 'forest' | 'lazy', parentId: string | null, filters: Record<string, string>) =>
  queryOptions({
    queryKey: ['crud', def.name, mode, parentId ?? 'roots', filters] as const,
    queryFn: async () => {
      if (mode === 'forest') return (await http.get<Row[]>(api(def, 'list'), filters)) ?? []
      return (await http.get<Row[]>(api(def, 'lazy-list'), parentId ? { parentId } : filters)) ?? []
    },
  })

/** A paged list under another verb (parent-list, child-list). */
export const pageQuery = (def: EntityDef, verb: string, params: Record<string, string | number>) =>
  queryOptions({
    queryKey: ['crud', def.name, verb, params] as const,
    queryFn: async () => (await http.get<Page>(api(def, verb), params)) ?? { records: [], total: 0, size: 10, current: 1, pages: 0 },
  })

export { download } from '@/crud/use-export'
