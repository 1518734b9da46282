// Kysely types of the workflow tables of migration 064 (merged into DB in schema.ts): the BPMN
// engine's own (schema-bpmn.ts), the process models and the leave requests.
import type { FlowTables } from './schema-bpmn.ts'
import type { BaseColumns } from './schema-base.ts'

export interface FlowModelTable extends BaseColumns {
  id: string
  tenantId: string
  modelKey: string
  name: string
  description: string | null
  xml: string
  version: number
}

export interface ProcessLeaveTable extends BaseColumns {
  id: string
  tenantId: string
  processDefinitionId: string
  processInstanceId: string | null
  startTime: string
  endTime: string
  /** numeric(8,1): a string from PostgreSQL's driver is parsed to a number there (database.ts). */
  days: number
  reason: string
  taskUser: string | null
  applyTime: string
  version: number
}

export interface FlowSchemaTables extends FlowTables {
  bladeFlowModel: FlowModelTable
  bladeProcessLeave: ProcessLeaveTable
}
