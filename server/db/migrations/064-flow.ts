// The workflow: process models (the designer's drafts), and what the embedded BPMN engine keeps so a
// process survives a restart and a second server process: deployed definitions, process instances
// with the engine's state after their last step (and a version bumped by each step), user tasks and
// the activity history. Plus the leave requests of the seeded leave process.
import type { Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await base(
    tenant(id(s.createTable('blade_flow_model')))
      .addColumn('model_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)')
      .addColumn('xml', 'text', (c) => c.notNull()),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  // One row per process of a deployed file: a deployment groups the rows of one upload or model deploy.
  await tenant(id(s.createTable('blade_flow_definition')))
    .addColumn('deployment_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(64)', (c) => c.notNull())
    .addColumn('process_version', 'integer', (c) => c.notNull())
    .addColumn('resource_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('suspension_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deployment_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('uq_flow_definition_version', [
      'tenant_id',
      'process_key',
      'process_version',
    ])
    .execute()
  await s
    .createIndex('ix_flow_definition_deployment')
    .on('blade_flow_definition')
    .columns(['deployment_id'])
    .execute()

  await tenant(id(s.createTable('blade_flow_instance')))
    .addColumn('definition_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('business_table', 'varchar(64)')
    .addColumn('business_key', 'varchar(64)')
    .addColumn('start_user', 'varchar(20)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)')
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delete_reason', 'varchar(500)')
    // The engine's state after the instance's last step (bpmn-engine getState), recovered for the next.
    .addColumn('state', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ix_flow_instance_definition')
    .on('blade_flow_instance')
    .columns(['definition_id'])
    .execute()
  await s
    .createIndex('ix_flow_instance_start_user')
    .on('blade_flow_instance')
    .columns(['tenant_id', 'start_user'])
    .execute()

  await tenant(id(s.createTable('blade_flow_task')))
    .addColumn('instance_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('element_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)')
    .addColumn('assignee', 'varchar(20)')
    // Comma lists: user ids, and role aliases (candidate groups).
    .addColumn('candidate_users', 'varchar(1000)')
    .addColumn('candidate_groups', 'varchar(1000)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('claim_time', 'varchar(19)')
    .addColumn('end_time', 'varchar(19)')
    .addColumn('flag', 'varchar(64)')
    .addColumn('comment', 'varchar(1000)')
    .addUniqueConstraint('uq_flow_task_execution', ['instance_id', 'execution_id'])
    .execute()
  await s
    .createIndex('ix_flow_task_assignee')
    .on('blade_flow_task')
    .columns(['tenant_id', 'assignee', 'end_time'])
    .execute()

  await tenant(id(s.createTable('blade_flow_history')))
    .addColumn('instance_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('activity_name', 'varchar(255)')
    .addColumn('activity_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('assignee', 'varchar(20)')
    .addColumn('task_id', 'varchar(20)')
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute()
  await s
    .createIndex('ix_flow_history_instance')
    .on('blade_flow_history')
    .columns(['instance_id', 'seq'])
    .execute()

  await base(
    tenant(id(s.createTable('blade_process_leave')))
      .addColumn('process_definition_id', 'varchar(20)', (c) => c.notNull())
      .addColumn('process_instance_id', 'varchar(20)')
      .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('end_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('days', 'numeric(8, 1)', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)', (c) => c.notNull())
      .addColumn('task_user', 'varchar(20)')
      .addColumn('apply_time', 'varchar(19)', (c) => c.notNull()),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
}
