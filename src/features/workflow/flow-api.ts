// The workflow calls beyond the lists (/api/blade-flow, /api/blade-desk/process/leave): the diagram
// and history of a process, the flow dictionary's form routes, claiming and completing a task,
// deleting a process instance, and the leave request's start and detail.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '@/api/http'
import { config } from '@/config'
import { refreshAfterWrite } from '@/crud/refresh'
import type {
  FlowCompleteBody,
  FlowExecution,
  FlowHistoryEntry,
  FlowModelView,
  FlowProcess,
  LeaveStartBody,
  ProcessLeave,
} from '@/domain/workflow/flow-records'
import { flowRoutes, type DictEntry } from './flow-routes'

const flow = `${config.apiPrefix}/blade-flow`
const leave = `${config.apiPrefix}/blade-desk/process/leave`

/** Which diagram: a process instance (its path marked) or a process definition (plain). */
export type DiagramOf = { processInstanceId: string } | { processDefinitionId: string }

export const modelViewQuery = (of: DiagramOf) =>
  queryOptions({
    queryKey: ['flow', 'model-view', of] as const,
    queryFn: async () =>
      (await http.get<FlowModelView>(`${flow}/process/model-view`, of, { silent: true })) ?? {
        xml: '',
        flow: [],
      },
  })

export const historyQuery = (processInstanceId: string) =>
  queryOptions({
    queryKey: ['flow', 'history', processInstanceId] as const,
    queryFn: async () =>
      (await http.get<FlowHistoryEntry[]>(
        `${flow}/process/history-flow-list`,
        { processInstanceId },
        { silent: true },
      )) ?? [],
  })

/** The first 50 process instances of follow/list for these filters (a picker's choices, a look-up). */
export const followList = async (params: Record<string, string> = {}) =>
  (
    await http.get<{ records: FlowExecution[] }>(`${flow}/follow/list`, {
      current: 1,
      size: 50,
      ...params,
    })
  )?.records ?? []

/** The flow dictionary as routes (routeKey `flow_<dictKey>` → the form folder in its remark). */
export function useFlowRoutes() {
  return useQuery({
    queryKey: ['flow', 'routes'] as const,
    queryFn: async () =>
      flowRoutes(
        (await http.get<DictEntry[]>(`${config.apiPrefix}/blade-system/dict/dictionary`, {
          code: 'flow',
        })) ?? [],
      ),
    staleTime: 5 * 60_000,
  })
}

/** The active process definitions the caller may start (work/start-list), first page. */
export function useStartable(params: Record<string, string> = {}) {
  return useQuery({
    queryKey: ['flow', 'startable', params] as const,
    queryFn: async () =>
      (
        await http.get<{ records: FlowProcess[] }>(`${flow}/work/start-list`, {
          current: 1,
          size: 100,
          ...params,
        })
      )?.records ?? [],
  })
}

export function useLeaveDetail(businessId: string) {
  return useQuery({
    queryKey: ['flow', 'leave', businessId] as const,
    queryFn: () => http.get<ProcessLeave>(`${leave}/detail`, { businessId }, { silent: true }),
  })
}

export interface UserOption {
  id: string
  account: string
  realName: string
}

/** The users an approver may be picked from; a caller without the user list just leaves it empty. */
export function useApprovers() {
  return useQuery({
    queryKey: ['flow', 'approvers'] as const,
    queryFn: async () =>
      (
        await http.get<{ records: UserOption[] }>(
          `${config.apiPrefix}/blade-system/user/list`,
          { current: 1, size: 200 },
          { silent: true },
        )
      )?.records ?? [],
    retry: false,
  })
}

/** After a task changed hands or moved on: every work list and follow list reads again. */
function refreshWork(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: ['flow'] })
  for (const name of [
    'workClaim',
    'workTodo',
    'workSend',
    'workDone',
    'leaveRequests',
    'flowFollow',
  ])
    void refreshAfterWrite(client, name)
}

export function useClaimTask() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (taskId: string) =>
      http.post(`${flow}/work/claim-task`, undefined, { query: { taskId } }),
    onSuccess: () => refreshWork(client),
  })
}

export function useCompleteTask() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: FlowCompleteBody) => http.post(`${flow}/work/complete-task`, body),
    onSuccess: () => refreshWork(client),
  })
}

export function useDeleteProcessInstance() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (p: { processInstanceId: string; deleteReason: string }) =>
      http.post(`${flow}/follow/delete-process-instance`, undefined, { query: p }),
    onSuccess: () => refreshWork(client),
  })
}

export function useStartLeave() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: LeaveStartBody) => http.post<ProcessLeave>(`${leave}/start-process`, body),
    onSuccess: () => refreshWork(client),
  })
}
