// A job's last alert time (ms): the scheduler claims it with a compare-and-set before it sends an
// alert, so one process sends it, and none is sent again within the job's silence window. And the
// live scheduler processes, each confirming itself every tick: a broadcast job runs once on each.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_job_info').addColumn('last_alert_time', 'bigint').execute()
  await db.schema
    .createTable('blade_job_worker')
    .addColumn('worker', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('heartbeat', 'bigint', (c) => c.notNull())
    .execute()
}
