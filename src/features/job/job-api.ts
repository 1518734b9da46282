// The job calls beyond the generic list (/api/blade-job): a job server's sync, enable switch, run now, the next trigger
// times of a timing, and a job's instances with their log lines.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { http } from '@/api/http'
import { config } from '@/config'

const base = `${config.apiPrefix}/blade-job`

export interface JobInstance {
  id: string
  status: number
  triggerType: number
  triggerTime: string
  startTime: string
  endTime: string
  duration: number | null
  attempt: number
  result: string
}

export interface JobInstanceLog {
  time: string
  logLevel: number
  content: string
}

/** What a job server's sync answers: the embedded scheduler's state, or an external PowerJob server's app id. */
export interface JobServerState {
  running: boolean
  external?: boolean
  appId?: string
  enabledJobs?: number
  activeInstances?: number
  nextTriggerTime?: string
}

export const jobApi = {
  syncServer: (id: string) =>
    http.post<JobServerState>(`${base}/job-server/sync`, undefined, { query: { id } }),
  /** With the version the list showed (when it has one): a job changed since is refused with 409, shown by the caller. */
  change: (id: string, enable: 0 | 1, version?: string) =>
    http.post(`${base}/job-info/change`, undefined, {
      query: version ? { id, enable, version } : { id, enable },
      quietFor: [409],
    }),
  run: (id: string) =>
    http.post<{ instanceId: string }>(`${base}/job-info/run`, undefined, { query: { id } }),
  stop: (id: string) => http.post(`${base}/job-instance/stop`, undefined, { query: { id } }),
}

export interface Timing {
  timeExpressionType: string
  timeExpression: string
  timeZone: string
  lifecycle: string
}

/** The next five trigger times, or the server's reason why there are none (shown under the form). */
export function useNextTriggers(t: Timing, enabled: boolean) {
  return useQuery({
    queryKey: ['job', 'next-triggers', t] as const,
    queryFn: () => http.get<string[]>(`${base}/job-info/next-triggers`, { ...t }, { silent: true }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  })
}

export function useJobInstances(jobId: string) {
  return useQuery({
    queryKey: ['job', 'instances', jobId] as const,
    queryFn: () =>
      http.get<{ records: JobInstance[]; total: number }>(`${base}/job-instance/list`, {
        jobId,
        current: '1',
        size: '20',
      }),
    refetchInterval: 3000,
  })
}

export function useJobInstanceLogs(id: string | null) {
  return useQuery({
    queryKey: ['job', 'instance', id] as const,
    queryFn: () =>
      http.get<JobInstance & { logs: JobInstanceLog[] }>(`${base}/job-instance/detail`, {
        id: id ?? '',
      }),
    enabled: !!id,
  })
}
