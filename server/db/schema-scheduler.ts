// The rows the scheduler (engines/scheduler/engine.ts) reads and writes (camelCase, as the
// database's CamelCasePlugin gives them). The tables are made by the job migration; the engine owns
// the scheduling columns and the instances, the job module the rest. Declared here with the other
// tables because DB includes them (schema.ts) and the engine sits above the database layer.

export const STATUS_WAITING = 1
export const STATUS_RUNNING = 3
export const STATUS_FAILED = 4
export const STATUS_SUCCEEDED = 5
export const STATUS_STOPPED = 10

/** How an instance came about. */
export const TRIGGER_SCHEDULE = 1
export const TRIGGER_API = 2

/** executeType 2: one instance on every live scheduler process. */
export const EXECUTE_BROADCAST = 2

export const LOG_INFO = 2
export const LOG_WARN = 3
export const LOG_ERROR = 4
export const LOG_OFF = 99
/** logType 999: no log lines are kept. */
export const LOG_TYPE_NULL = 999

export interface JobRow {
  id: string
  tenantId: string
  jobName: string
  jobParams: string | null
  timeExpressionType: number
  timeExpression: string | null
  timeZone: string | null
  executeType: number
  processorType: number
  processorInfo: string
  enable: number
  lifecycle: string | null
  maxInstanceNum: number
  concurrency: number
  instanceTimeLimit: number
  instanceRetryNum: number
  taskRetryNum: number
  logType: number
  logLevel: number
  nextTriggerTime: number | string | null
  /** Alerts: alertThreshold failures within statisticWindowLen s, then silence for silenceWindowLen s. */
  alertThreshold: number
  /** Who the alert is for: user ids, comma-separated. */
  notifyUserIds: string | null
  statisticWindowLen: number
  silenceWindowLen: number
  /** When the last alert went out (ms), the compare-and-set that lets one process send it. */
  lastAlertTime: number | string | null
  isDeleted: number
  createUser: string | null
}

interface InstanceRow {
  id: string
  tenantId: string
  jobId: string
  triggerKey: string
  triggerType: number
  status: number
  triggerTime: number | string
  startTime: number | string | null
  endTime: number | string | null
  attempt: number
  result: string | null
  worker: string | null
  heartbeat: number | string | null
}

interface LogRow {
  id: string
  instanceId: string
  logTime: number
  logLevel: number
  content: string
}

/** A live scheduler process: it confirms itself every tick; gone after LOST_AFTER_MS without. */
interface WorkerRow {
  worker: string
  heartbeat: number | string
}

export interface SchedulerTables {
  bladeJobInfo: JobRow
  bladeJobInstance: InstanceRow
  bladeJobInstanceLog: LogRow
  bladeJobWorker: WorkerRow
}
