// The system endpoints beyond the generic five (docs/contract.md §7–§10): TreeNode forests for pickers and
// grants, and actions that take their ids as query params.
import { queryOptions } from '@tanstack/react-query'
import { http, request, requestEnvelope, type RequestOptions } from '@/api/http'
import { config } from '@/config'

export const SYSTEM = `${config.apiPrefix}/blade-system`

/** TreeNode of docs/contract.md §2.5. */
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
export const postWithQuery = (
  path: string,
  query: Record<string, string>,
  opts: Pick<RequestOptions, 'quietFor'> = {},
) => request<unknown>(`${SYSTEM}${path}`, { method: 'POST', query, ...opts })

/** POST as application/x-www-form-urlencoded (long values stay out of the URL). */
export const postUrlencoded = (
  path: string,
  form: Record<string, string>,
  opts: Pick<RequestOptions, 'quietFor'> = {},
) => request<unknown>(`${SYSTEM}${path}`, { method: 'POST', form, ...opts })

export const postJson = (
  path: string,
  body: unknown,
  opts: Pick<RequestOptions, 'quietFor'> = {},
) => http.post<unknown>(`${SYSTEM}${path}`, body, opts)

/** The envelope's message of a multipart POST (the import reports how many rows it took). */
export async function postForm(path: string, form: FormData): Promise<string> {
  return (await requestEnvelope<unknown>(`${SYSTEM}${path}`, { method: 'POST', body: form })).msg
}

export const getBlob = (path: string, query?: Record<string, string | number>) =>
  request<Blob>(`${SYSTEM}${path}`, { query, responseType: 'blob' })

export { download } from '@/crud/export/use-export'
