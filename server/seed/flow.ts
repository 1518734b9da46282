// Deploys the leave process for tenant 000000 (category flow_1, whose `flow` dictionary entry names
// the leave form), once: a tenant that has any version of it keeps what it has.
import { PostgresAdapter, type Kysely } from 'kysely'
import { LEAVE_CATEGORY, LEAVE_PROCESS_KEY } from '../../src/domain/workflow/flow-records.ts'
import { createFlowEngine } from '../engines/bpmn/engine.ts'
import type { FlowTables } from '../db/schema-bpmn.ts'
import { now } from '../core/dates.ts'
import { nextId } from '../core/ids.ts'
import { LEAVE_BPMN, LEAVE_RESOURCE } from '../modules/flow/leave-bpmn.ts'
import type { DB } from '../db/schema.ts'
import { TENANT_ID } from './ids.ts'

export async function seedFlow(db: Kysely<DB>): Promise<void> {
  const have = await db
    .selectFrom('bladeFlowDefinition')
    .select('id')
    .where('tenantId', '=', TENANT_ID)
    .where('processKey', '=', LEAVE_PROCESS_KEY)
    .executeTakeFirst()
  if (have) return
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
  const engine = createFlowEngine({
    db: db as unknown as Kysely<FlowTables>,
    dialect,
    newId: nextId,
    now,
  })
  await engine.deploy({
    tenantIds: [TENANT_ID],
    category: LEAVE_CATEGORY,
    files: [{ resourceName: LEAVE_RESOURCE, xml: LEAVE_BPMN }],
  })
}
