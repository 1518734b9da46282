// Writes server/db/schema-declared.gen.ts: the Kysely row type of every table an entity declares,
// read from the catalogue of a freshly migrated database, so a column's type, nullability and
// default are the migrations' own and cannot drift from a hand-written copy. The entity
// declarations say which tables those are; tests/contract/storage-schema.test.ts holds the columns
// against the declarations and fails when this file is older than the migrations.
// Usage: node scripts/storage-types.ts (after a migration changes a declared table).
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { CamelCasePlugin, sql, type Kysely } from 'kysely'
import { format, resolveConfig } from 'prettier'
import type { EntityDef } from '../src/domain/entity.ts'

export const GENERATED_FILE = resolve(import.meta.dirname, '../server/db/schema-declared.gen.ts')

/** One column as the database's catalogue describes it, alike on SQLite and PostgreSQL. */
export interface StoredColumn {
  name: string
  /** Lower case, without its size: varchar, text, integer, bigint, numeric... */
  type: string
  /** varchar(n): n. */
  length: number | null
  /** numeric(p, s): p and s. */
  precision: number | null
  scale: number | null
  notNull: boolean
  hasDefault: boolean
  primaryKey: boolean
}

// Result names are single lower-case words: the connection's CamelCasePlugin leaves them as they are.
interface CatalogueRow {
  name: string
  type: string
  length: number | null
  precision: number | null
  scale: number | null
  nonnull: number | boolean
  hasdefault: number | boolean
  pk: number | boolean
}

const PG_TYPES: Record<string, string> = {
  'character varying': 'varchar',
  character: 'char',
  'double precision': 'double',
}

/** The columns of a table in their order, empty when there is no such table. */
export async function storedColumns(
  db: Kysely<unknown>,
  dialect: 'sqlite' | 'postgres',
  table: string,
): Promise<StoredColumn[]> {
  if (dialect === 'sqlite') {
    // SQLite keeps the declared type as written ('varchar(20)', 'numeric(14, 2)', 'INTEGER').
    const rows = (
      await sql<CatalogueRow>`select name as name, type as type, "notnull" as nonnull,
        dflt_value is not null as hasdefault, pk as pk from pragma_table_info(${table}) order by cid`.execute(
        db,
      )
    ).rows
    return rows.map((r) => {
      const m = /^\s*([a-z ]+?)\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?\s*$/i.exec(r.type)
      if (!m) throw new Error(`${table}.${r.name}: unreadable column type ${r.type}`)
      const type = m[1]!.toLowerCase()
      const size = m[2] === undefined ? null : Number(m[2])
      const numeric = type === 'numeric' || type === 'decimal'
      return {
        name: r.name,
        type,
        length: numeric ? null : size,
        precision: numeric ? size : null,
        scale: numeric ? (m[3] === undefined ? 0 : Number(m[3])) : null,
        // SQLite lets a primary key that is not an integer hold NULL; the server never writes one.
        notNull: !!Number(r.nonnull) || !!Number(r.pk),
        hasDefault: !!Number(r.hasdefault),
        primaryKey: !!Number(r.pk),
      }
    })
  }
  const rows = (
    await sql<CatalogueRow>`select c.column_name as name, c.data_type as type,
      c.character_maximum_length as length, c.numeric_precision as precision, c.numeric_scale as scale,
      c.is_nullable = 'NO' as nonnull, c.column_default is not null as hasdefault,
      exists (select 1 from information_schema.table_constraints t
        join information_schema.key_column_usage k on k.constraint_name = t.constraint_name
          and k.table_schema = t.table_schema and k.table_name = t.table_name
        where t.constraint_type = 'PRIMARY KEY' and t.table_schema = c.table_schema
          and t.table_name = c.table_name and k.column_name = c.column_name) as pk
      from information_schema.columns c
      where c.table_schema = current_schema() and c.table_name = ${table}
      order by c.ordinal_position`.execute(db)
  ).rows
  return rows.map((r) => ({
    name: r.name,
    type: PG_TYPES[r.type] ?? r.type,
    length: r.length === null ? null : Number(r.length),
    precision: r.type === 'numeric' && r.precision !== null ? Number(r.precision) : null,
    scale: r.type === 'numeric' && r.scale !== null ? Number(r.scale) : null,
    notNull: !!r.nonnull,
    hasDefault: !!r.hasdefault,
    primaryKey: !!r.pk,
  }))
}

/** The TypeScript type a column's values come back as (database.ts reads bigint and numeric as numbers). */
export function valueTypeOf(c: StoredColumn): 'string' | 'number' {
  if (['varchar', 'char', 'text'].includes(c.type)) return 'string'
  if (['integer', 'bigint', 'smallint', 'numeric', 'decimal', 'real', 'double'].includes(c.type))
    return 'number'
  throw new Error(`column ${c.name}: no TypeScript type for ${c.type} (extend valueTypeOf)`)
}

/** The tables the entities declare, each with the names of the entities that declare it. */
export function declaredTables(entities: readonly EntityDef[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const def of entities) out.set(def.table, [...(out.get(def.table) ?? []), def.name])
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)))
}

/** The connection's own name mapping (database.ts opens every database with this plugin). */
class NameMapping extends CamelCasePlugin {
  property = (snake: string) => this.camelCase(snake)
  column = (property: string) => this.snakeCase(property)
}
const mapping = new NameMapping()

/**
 * The property Kysely's types name a column by: what the CamelCasePlugin answers it as, which must
 * also be what the plugin turns back into the column, or a typed query would name another one.
 */
export function camelOf(snake: string): string {
  const property = mapping.property(snake)
  if (mapping.column(property) !== snake)
    throw new Error(
      `${snake}: the connection would read it as ${property}, written back as ${mapping.column(property)}`,
    )
  return property
}

/** blade_user → UserTable, dmr_stock_taking → StockTakingTable (the names the modules import). */
export function interfaceNameOf(table: string): string {
  const bare = table.replace(/^(blade|dmr)_/, '')
  const camel = camelOf(bare)
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Table`
}

function propertyOf(c: StoredColumn): string {
  const value = valueTypeOf(c)
  const type = c.notNull ? value : `${value} | null`
  return `  ${camelOf(c.name)}: ${c.hasDefault ? `Generated<${type}>` : type}`
}

/**
 * The generated module's text, Prettier-formatted, from a migrated database: the same from either
 * (the test renders it from both), so the types hold on SQLite and PostgreSQL alike.
 */
export async function renderDeclaredTables(
  db: Kysely<unknown>,
  dialect: 'sqlite' | 'postgres',
  entities: readonly EntityDef[],
): Promise<string> {
  const tables = declaredTables(entities)
  const names = new Map<string, string>()
  const parts: string[] = [
    "// Generated by scripts/storage-types.ts from the migrations (a migrated database's catalogue), for",
    '// the tables the entity declarations name: do not edit. After a migration changes one of them, run',
    '// `node scripts/storage-types.ts`; tests/contract/storage-schema.test.ts fails until then.',
    "import type { Generated } from 'kysely'",
    '',
  ]
  for (const [table, declaredBy] of tables) {
    const columns = await storedColumns(db, dialect, table)
    if (!columns.length)
      throw new Error(`${table} (declared by ${declaredBy.join(', ')}) is no table`)
    const name = interfaceNameOf(table)
    const other = [...names].find(([, n]) => n === name)
    if (other) throw new Error(`${table} and ${other[0]} would both be typed ${name}`)
    names.set(table, name)
    parts.push(
      `/** ${table}, declared by ${declaredBy.join(' and ')}. */`,
      `export interface ${name} {`,
      ...columns.map(propertyOf),
      '}',
      '',
    )
  }
  parts.push(
    "/** The declared tables as the server's DB type (schema.ts) holds them. */",
    'export interface DeclaredTables {',
    ...[...names].map(([table, name]) => `  ${camelOf(table)}: ${name}`),
    '}',
  )
  const options = await resolveConfig(GENERATED_FILE)
  return format(parts.join('\n'), { ...options, filepath: GENERATED_FILE })
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const { openDatabase } = await import('../server/db/database.ts')
  const { migrate } = await import('../server/db/migrate.ts')
  const { entities } = await import('../src/domain/registry.ts')
  const database = openDatabase('sqlite::memory:')
  try {
    await migrate(database.db as never)
    writeFileSync(
      GENERATED_FILE,
      await renderDeclaredTables(database.db as never, 'sqlite', entities),
    )
  } finally {
    await database.close()
  }
  console.info(`wrote ${GENERATED_FILE}`)
}
