// Scheduled jobs: job servers and job info (the declared entities of the job screens), and what the
// embedded scheduler keeps: each job's next trigger time (claimed by compare-and-set, so one trigger
// fires once across restarts and processes), its instances with a unique trigger key, and their log lines.
import type { Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

/** The embedded scheduler's job server row (src/domain/job/job-server.ts when this was written). */
const EMBEDDED_JOB_SERVER_ID = '1900000000000000060'
const EMBEDDED_JOB_SERVER_URL = 'embedded://local'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await base(
    tenant(id(s.createTable('blade_job_server')))
      .addColumn('job_server_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('job_server_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('job_app_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('job_app_password', 'varchar(255)')
      .addColumn('job_remark', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  // The scheduler embedded in this server, the platform tenant's default job server.
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('blade_job_server')
    .values({
      id: EMBEDDED_JOB_SERVER_ID,
      tenant_id: '000000',
      job_server_name: '内置调度器',
      job_server_url: EMBEDDED_JOB_SERVER_URL,
      job_app_name: 'vnadmin',
      job_remark: '本服务内嵌的任务调度器',
      status: 1,
      is_deleted: 0,
      version: 1,
    })
    .execute()

  await base(
    tenant(id(s.createTable('blade_job_info')))
      .addColumn('job_server_id', 'varchar(20)')
      .addColumn('job_id', 'varchar(20)')
      .addColumn('job_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('job_description', 'varchar(500)')
      .addColumn('job_params', 'text')
      .addColumn('time_expression_type', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('time_expression', 'varchar(255)')
      .addColumn('time_zone', 'varchar(64)')
      .addColumn('execute_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('processor_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('processor_info', 'varchar(255)', (c) => c.notNull())
      .addColumn('dispatch_strategy', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('enable', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('lifecycle', 'varchar(64)')
      .addColumn('max_instance_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('concurrency', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('instance_time_limit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('instance_retry_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('task_retry_num', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('min_cpu_cores', 'numeric(8, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('min_memory_space', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('min_disk_space', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('designated_workers', 'varchar(500)')
      .addColumn('max_worker_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('notify_user_ids', 'varchar(500)')
      .addColumn('alert_threshold', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('statistic_window_len', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('silence_window_len', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('log_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('log_level', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('extra', 'text')
      // The scheduler's own: epoch ms of the next trigger (null: none planned), moved forward by the
      // process that claims it.
      .addColumn('next_trigger_time', 'bigint'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ix_job_info_due')
    .on('blade_job_info')
    .columns(['enable', 'is_deleted', 'next_trigger_time'])
    .execute()

  await tenant(id(s.createTable('blade_job_instance')))
    .addColumn('job_id', 'varchar(20)', (c) => c.notNull())
    // `<jobId>@<epoch ms>` for a scheduled trigger, `run@<instance id>` for one on demand: unique, so a
    // trigger that two processes both thought theirs is written once.
    .addColumn('trigger_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('trigger_type', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('trigger_time', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('worker', 'varchar(64)')
    .addColumn('heartbeat', 'bigint')
    .execute()
  await s
    .createIndex('ix_job_instance_job')
    .on('blade_job_instance')
    .columns(['job_id', 'trigger_time'])
    .execute()
  await s
    .createIndex('ix_job_instance_status')
    .on('blade_job_instance')
    .columns(['status', 'worker'])
    .execute()

  await id(s.createTable('blade_job_instance_log'))
    .addColumn('instance_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('log_time', 'bigint', (c) => c.notNull())
    .addColumn('log_level', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .execute()
  await s
    .createIndex('ix_job_instance_log_instance')
    .on('blade_job_instance_log')
    .columns(['instance_id', 'log_time'])
    .execute()
}
