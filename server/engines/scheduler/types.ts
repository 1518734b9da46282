// What the scheduler is given: a clock (tests drive it by hand) and the processors by name.

export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

interface ProcessorContext {
  jobId: string
  instanceId: string
  tenantId: string
  /** Who saved the job: built-in processors act as that user. */
  createUser: string | null
  /** The job's jobParams as saved (built-in processors read JSON). */
  params: string
  /** Aborted when the run is stopped or passes its time limit. */
  signal: AbortSignal
  /** One log line at a logLevel (1 DEBUG .. 4 ERROR). */
  log: (level: number, content: string) => void
}

/** Resolves with the instance's result text; a rejection is a failed try. */
export type Processor = (c: ProcessorContext) => Promise<string | void>
