// The calls of 模型设计 and 部署管理 (/api/blade-flow/model, /manager) beyond the list engine's, and the
// choices their forms offer: process categories, role aliases, users and tenants.
import { queryOptions } from '@tanstack/react-query'
import { http, request } from '@/api/http'
import { postMultipart } from '@/api/multipart'
import { config } from '@/config'
import type { Page } from '@/crud/entity-api'
import type { FlowModel, FlowModelView, FlowProcess } from '@/domain/workflow/flow-records'

const FLOW = `${config.apiPrefix}/blade-flow`
const SYSTEM = `${config.apiPrefix}/blade-system`

/** model/submit's body: an edit carries the id and the version it read (409 when stale). */
export interface ModelSubmitBody {
  id?: string
  modelKey: string
  name: string
  description: string
  xml: string
  version?: number
}

export interface RoleAlias {
  roleAlias: string
  roleName: string
}

export interface UserChoice {
  id: string
  account: string
  realName: string
}

export interface TenantChoice {
  tenantId: string
  tenantName: string
}

export const modelApi = {
  /** The model with its XML, always read afresh: a save carries the version read. */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['workflow', 'model-detail', id],
      queryFn: () => http.get<FlowModel>(`${FLOW}/model/detail`, { id }),
      staleTime: 0,
      gcTime: 0,
    }),
  /** A stale version's 409 is the designer's to show. */
  submit: (body: ModelSubmitBody) =>
    request<unknown>(`${FLOW}/model/submit`, { method: 'POST', body, quietFor: [409] }),
  /** Deploys the model as a new version of its process; answers the deployed definition. */
  deploy: (modelId: string, category: string) =>
    request<Partial<FlowProcess>[] | Partial<FlowProcess> | null>(`${FLOW}/model/deploy`, {
      method: 'POST',
      query: { modelId, category },
    }),
  changeState: (processId: string, state: string) =>
    request<unknown>(`${FLOW}/manager/change-state`, {
      method: 'POST',
      query: { processId, state },
    }),
  deleteDeployment: (deploymentIds: string[]) =>
    request<unknown>(`${FLOW}/manager/delete-deployment`, {
      method: 'POST',
      query: { deploymentIds: deploymentIds.join(',') },
    }),
  /** Multipart: category, tenantIds (comma-separated, when given) and each file as `files`. */
  deployUpload: (
    fields: { category: string; tenantIds?: string[] },
    files: File[],
    onUpload?: (share: number) => void,
  ) => {
    const form = new FormData()
    form.set('category', fields.category)
    if (fields.tenantIds?.length) form.set('tenantIds', fields.tenantIds.join(','))
    for (const f of files) form.append('files', f, f.name)
    return postMultipart<unknown>(`${FLOW}/manager/deploy-upload`, form, onUpload)
  },
  /** A deployed definition's BPMN XML. */
  definitionXml: (processDefinitionId: string) =>
    queryOptions({
      queryKey: ['workflow', 'definition-xml', processDefinitionId],
      queryFn: async () =>
        (await http.get<FlowModelView>(`${FLOW}/process/model-view`, { processDefinitionId }))
          ?.xml ?? '',
    }),
}

export const choiceQueries = {
  roleAliases: () =>
    queryOptions({
      queryKey: ['workflow', 'role-alias'],
      queryFn: async () => (await http.get<RoleAlias[]>(`${SYSTEM}/role/alias`)) ?? [],
    }),
  /** The tenant's users (the user list's first 500), for a task's assignee. */
  users: () =>
    queryOptions({
      queryKey: ['workflow', 'users'],
      queryFn: async () =>
        (
          await http.get<Page<UserChoice>>(
            `${SYSTEM}/user/page`,
            { current: 1, size: 500 },
            { silent: true },
          )
        )?.records ?? [],
    }),
  tenants: () =>
    queryOptions({
      queryKey: ['workflow', 'tenants'],
      queryFn: async () => (await http.get<TenantChoice[]>(`${SYSTEM}/tenant/select`)) ?? [],
    }),
}
