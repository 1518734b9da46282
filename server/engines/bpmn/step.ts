// One step of a process on bpmn-engine: start it (it runs to its first wait or its end), or recover
// it from the state saved after its last step, signal one waiting user task and let it run to the
// next wait or the end. Answers what happened (activities started and ended, the user tasks that
// wait now) and the state to save. Nothing here touches the database.
import { EventEmitter } from 'node:events'
import { Engine, type BpmnEngineOptions } from 'bpmn-engine'
import { flowExpressions } from './expressions.ts'

interface StepActivity {
  executionId: string
  id: string
  name: string | null
  /** Flowable's spelling: userTask, exclusiveGateway, startEvent... */
  type: string
}

export interface StepResult {
  /** JSON to save; null when the process has ended. */
  state: string | null
  finished: boolean
  started: StepActivity[]
  /** Execution ids of the activities that ended in this step. */
  ended: string[]
  /** The user tasks that wait now (including those that already waited before this step). */
  waiting: StepActivity[]
  variables: Record<string, unknown>
}

/** The process could not go on (a gateway with no flow to take, an expression that failed...). */
export class StepError extends Error {}

export interface StepInput {
  /** The instance id (the engine's name). */
  name: string
  xml: string
  /** The saved state, or null to start. */
  state: string | null
  /** Variables to set before the step (at a start: the process's first variables). */
  variables: Record<string, unknown>
  /** The waiting user task to complete (with a saved state). */
  signal?: { id: string; executionId: string }
}

// Deployed files are checked to hold no scripts (model.ts); this keeps it so if one slipped through.
// bpmn-elements asks for a script for every condition and evaluates it as an expression when none
// comes back, which its types do not say.
const noScripts = {
  register: () => undefined,
  getScript: () => undefined,
} as unknown as NonNullable<BpmnEngineOptions['scripts']>

const typeOf = (t: string) => {
  const s = t.replace(/^bpmn:/, '')
  return s.charAt(0).toLowerCase() + s.slice(1)
}

interface ActivityApi {
  id: string
  type: string
  executionId: string
  name?: string
  owner?: { name?: string }
  content?: { error?: { message?: string } }
}

export async function runStep(input: StepInput): Promise<StepResult> {
  const started: StepActivity[] = []
  const ended: string[] = []
  let failure: string | null = null
  const listener = new EventEmitter()
  const activity = (api: ActivityApi): StepActivity => ({
    executionId: api.executionId,
    id: api.id,
    name: api.owner?.name ?? api.name ?? null,
    type: typeOf(api.type),
  })
  listener.on('activity.start', (api: ActivityApi) => started.push(activity(api)))
  listener.on('activity.end', (api: ActivityApi) => ended.push(api.executionId))
  listener.on(
    'activity.error',
    (api: ActivityApi) => (failure ??= api.content?.error?.message ?? 'error'),
  )

  const engine = new Engine({
    name: input.name,
    source: input.xml,
    expressions: flowExpressions,
    scripts: noScripts,
  })
  let completed = false
  engine.on('error', (e: Error) => (failure ??= e.message))
  engine.once('end', () => (completed = true))
  let execution
  try {
    if (input.state === null) {
      execution = await engine.execute({ listener, variables: input.variables })
    } else {
      engine.recover(JSON.parse(input.state))
      execution = await engine.resume({ listener })
      // Expressions read the variables of the running process's environment (a clone of the definition's).
      for (const d of execution.definitions)
        for (const env of [d.environment, ...d.getRunningProcesses().map((p) => p.environment)])
          env.assignVariables(input.variables)
      if (input.signal)
        execution.signal({ id: input.signal.id, executionId: input.signal.executionId })
    }
  } catch (e) {
    failure ??= (e as Error).message
  }
  // Every element here runs synchronously; this lets any queued callback settle before reading.
  await new Promise((r) => setImmediate(r))
  if (failure !== null || !execution)
    throw new StepError(`流程无法继续: ${failure ?? 'no execution'}`)
  const finished = completed && execution.state === 'idle'
  const waiting = finished
    ? []
    : execution
        .getPostponed()
        .filter((a) => a.type === 'bpmn:UserTask')
        .map((a) => activity(a as unknown as ActivityApi))
  const def = execution.definitions[0]
  const variables = {
    ...(def?.getRunningProcesses()[0]?.environment ?? def?.environment)?.variables,
  }
  const state = finished ? null : JSON.stringify(await engine.getState())
  if (!finished) await engine.stop()
  return { state, finished, started, ended, waiting, variables }
}
