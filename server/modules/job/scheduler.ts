// The scheduler of this server process: created with the app, started when it is ready, closed with
// it. Routes find it on the app that serves them (`req.server.jobScheduler`): it runs HTTP jobs as
// requests to that app, so it is made with it rather than with the context routes are declared in.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { createScheduler, type Scheduler } from '../../engines/scheduler/engine.ts'
import type { SchedulerTables } from '../../db/schema-scheduler.ts'
import { systemClock } from '../../engines/scheduler/types.ts'
import { nextId } from '../../core/ids.ts'
import type { AppContext } from '../../core/routes.ts'
import { paramValue } from '../system/param.ts'
import { sendJobAlert } from './alert.ts'
import { builtInProcessors } from './processors.ts'

const TICK_MS = 1000
/** The parameter that says how many days a tenant keeps its ended job instances (0 or empty: all). */
const KEEP_DAYS_PARAM = 'job.instanceKeepDays'
const DAY_MS = 86_400_000

async function keepInstancesFor(ctx: AppContext, tenantId: string): Promise<number | null> {
  const days = Number((await paramValue(ctx.db, tenantId, KEEP_DAYS_PARAM))?.trim() || 0)
  return Number.isFinite(days) && days > 0 ? days * DAY_MS : null
}
export function attachJobScheduler(app: FastifyInstance, ctx: AppContext): void {
  const scheduler = createScheduler({
    db: ctx.db as unknown as Kysely<SchedulerTables>,
    clock: systemClock,
    processors: builtInProcessors(app, ctx, (tenantId, before) =>
      scheduler.purgeEnded(tenantId, before),
    ),
    newId: nextId,
    worker: `${process.pid}-${randomUUID().slice(0, 8)}`,
    keepInstancesFor: (tenantId) => keepInstancesFor(ctx, tenantId),
    alert: (job, failures, at) => sendJobAlert(ctx.db, job, failures, at),
  })
  app.decorate('jobScheduler', scheduler)
  app.addHook('onReady', async () => scheduler.start(TICK_MS))
  app.addHook('onClose', () => scheduler.close())
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job scheduler (attachJobScheduler). */
    jobScheduler: Scheduler
  }
}
