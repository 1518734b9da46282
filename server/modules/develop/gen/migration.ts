// The generated migration: the model's table as this project makes tables (ids varchar(20), dates
// 'yyyy-MM-dd HH:mm:ss' text, the tenant and audit columns from columns.ts, a version for the
// optimistic concurrency every write checks), created only where it is missing: the database the
// model was read from has it already; a fresh clone gets it.
import type { Row } from '../../../crud/table.ts'
import type { ColumnInfo } from '../introspect.ts'
import { ENGINE_COLUMNS } from './declaration.ts'

function columnTypeOf(p: Row, column: ColumnInfo | undefined): string {
  const jdbcType = String(p.jdbcType ?? column?.type ?? '').toLowerCase()
  const length = /(?:char|varying)\s*\((\d+)\)/.exec(jdbcType)
  const decimal = /(?:numeric|decimal)\s*\((\d+)\s*,\s*(\d+)\)/.exec(jdbcType)
  switch (String(p.propertyEntity)) {
    case 'Integer':
    case 'Boolean':
      return 'integer'
    case 'Long':
      return String(p.jdbcName).endsWith('_id') ? 'varchar(20)' : 'bigint'
    case 'Double':
      return 'double precision'
    case 'BigDecimal':
      return decimal ? `numeric(${decimal[1]}, ${decimal[2]})` : 'numeric(18, 2)'
    case 'Date':
      return 'varchar(19)'
    default:
      return length ? `varchar(${length[1]})` : 'text'
  }
}

export function migrationOf(table: string, pk: string, prototypes: Row[], columns: ColumnInfo[]): string {
  const has = (c: string) => columns.some((x) => x.name === c)
  const byName = new Map(columns.map((c) => [c.name, c]))
  const lines = prototypes
    .filter((p) => String(p.jdbcName) !== pk && !ENGINE_COLUMNS.includes(String(p.jdbcName)))
    .map((p) => {
      const column = byName.get(String(p.jdbcName))
      const notNull = column?.nullable === false ? ', (c) => c.notNull()' : ''
      return `      .addColumn('${String(p.jdbcName)}', '${columnTypeOf(p, column)}'${notNull})`
    })
  let create = `id(s.createTable('${table}').ifNotExists())`
  if (has('tenant_id')) create = `tenant(${create})`
  const helpers = ['id', ...(has('tenant_id') ? ['tenant'] : [])]
  // The audit columns (and soft delete) as every table of the project has them.
  const wrap = ['create_user', 'create_time', 'is_deleted'].every(has) ? 'base' : has('is_deleted') ? 'deleted' : ''
  if (wrap) helpers.push(wrap)
  const open = `${wrap}(`
  return `// The table of a module made by the code generator, created where it is missing, and given the
// version column every write of the engine checks when an existing table lacks it.
import type { Kysely } from 'kysely'
import { ${helpers.sort().join(', ')} } from './columns.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await ${open}
    ${create}
${lines.join('\n')}${lines.length ? '' : '      // no business columns'}
  ).execute()
  const table = (await db.introspection.getTables()).find((t) => t.name === '${table}')
  if (!table?.columns.some((c) => c.name === 'version')) await s.alterTable('${table}').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute()
}
`
}
