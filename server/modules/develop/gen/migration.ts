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

/** A sub model's lines table: its id, the column naming the master, its fields (and a tenant). */
export interface SubTable {
  table: string
  owner: string
  prototypes: Row[]
  columns: ColumnInfo[]
}

function columnLines(prototypes: Row[], columns: ColumnInfo[], skip: string[]): string[] {
  const byName = new Map(columns.map((c) => [c.name, c]))
  return prototypes
    .filter(
      (p) => !skip.includes(String(p.jdbcName)) && !ENGINE_COLUMNS.includes(String(p.jdbcName)),
    )
    .map((p) => {
      const column = byName.get(String(p.jdbcName))
      const notNull = column?.nullable === false ? ', (c) => c.notNull()' : ''
      return `      .addColumn('${String(p.jdbcName)}', '${columnTypeOf(p, column)}'${notNull})`
    })
}

/** The lines table: only what the engine writes (id, owner, tenant, the fields), the owner indexed. */
function subTableOf(sub: SubTable): string {
  const tenant = sub.columns.some((c) => c.name === 'tenant_id')
  const create = `id(s.createTable('${sub.table}').ifNotExists())`
  const lines = columnLines(sub.prototypes, sub.columns, ['id', sub.owner])
  return `
  await ${tenant ? `tenant(${create})` : create}
      .addColumn('${sub.owner}', 'varchar(20)', (c) => c.notNull())
${lines.join('\n')}
    .execute()
  await s.createIndex('${sub.table}_${sub.owner}_idx').ifNotExists().on('${sub.table}').column('${sub.owner}').execute()`
}

export function migrationOf(
  table: string,
  pk: string,
  prototypes: Row[],
  columns: ColumnInfo[],
  sub?: SubTable,
): string {
  const has = (c: string) => columns.some((x) => x.name === c)
  const lines = columnLines(prototypes, columns, [pk])
  let create = `id(s.createTable('${table}').ifNotExists())`
  if (has('tenant_id')) create = `tenant(${create})`
  const tenantHelper = has('tenant_id') || !!sub?.columns.some((c) => c.name === 'tenant_id')
  const helpers = ['id', ...(tenantHelper ? ['tenant'] : [])]
  // The audit columns (and soft delete) as every table of the project has them.
  const wrap = ['create_user', 'create_time', 'is_deleted'].every(has)
    ? 'base'
    : has('is_deleted')
      ? 'deleted'
      : ''
  if (wrap) helpers.push(wrap)
  const open = `${wrap}(`
  return `// The table${sub ? 's' : ''} of a module made by the code generator${sub ? ' (the master and its lines)' : ''}, created where
// missing; the master gets the version column every write of the engine checks when it lacks one.
import type { Kysely } from 'kysely'
import { ${helpers.sort().join(', ')} } from './columns.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await ${open}
    ${create}
${lines.join('\n')}${lines.length ? '' : '      // no business columns'}
  ).execute()
  const table = (await db.introspection.getTables()).find((t) => t.name === '${table}')
  if (!table?.columns.some((c) => c.name === 'version')) await s.alterTable('${table}').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute()${sub ? subTableOf(sub) : ''}
}
`
}
