// What the code generator reads of a database: its tables and their columns, from the catalogue of
// the server's own database (the data source "master") or of a saved data source (PostgreSQL,
// MySQL/MariaDB, SQLite). Table names only ever travel as bound values.
import { CompiledQuery } from 'kysely'
import type { AnyDb } from '../../crud/table.ts'
import { withConnection, type ConnectionInput, type OpenConnection } from './connection.ts'

/** Where to look: the server's own database (the seeded data source "master"), or a saved data source's connection. */
export type Introspectable =
  // The own database is read with raw catalogue queries, whatever its schema type.
  | { kind: 'own'; db: AnyDb; dialect: 'sqlite' | 'postgres' }
  | { kind: 'input'; input: ConnectionInput }
export interface TableInfo {
  name: string
  comment: string
}
export interface ColumnInfo {
  name: string
  type: string
  comment: string
  nullable: boolean
  primaryKey: boolean
  position: number
}
export type PropertyEntity =
  'String' | 'Integer' | 'Long' | 'Double' | 'BigDecimal' | 'Boolean' | 'Date'
export class IntrospectError extends Error {}
export const MSG_TABLE_UNKNOWN = '数据表不存在: '

type Row = Record<string, unknown>
type Catalog = 'sqlite' | 'postgres' | 'mysql'
interface Reader {
  catalog: Catalog
  own: boolean
  rows: (text: string, params: string[]) => Promise<Row[]>
}

// Result names are single lower-case words: the own database's CamelCasePlugin leaves them as they are.
const TABLES_SQL: Record<Catalog, string> = {
  sqlite: `select name as name, '' as comment from sqlite_master where type = 'table'`,
  // The schema unqualified names resolve to (`public` unless search_path says otherwise); partitions belong to their table.
  postgres: `select c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition`,
  mysql: `select table_name as name, table_comment as comment from information_schema.tables where table_schema = database() and table_type in ('BASE TABLE', 'SYSTEM VERSIONED')`,
}

const COLUMNS_SQL: Record<Catalog, string> = {
  sqlite: `select name as name, type as type, '' as comment, "notnull" = 0 and pk = 0 as nullable, pk > 0 as pk, cid + 1 as position from pragma_table_info(?) order by cid`,
  // Positions are counted anew: a dropped column leaves a gap in attnum.
  postgres: `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, coalesce(col_description(a.attrelid, a.attnum), '') as comment, not a.attnotnull as nullable,
      exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any (i.indkey)) as pk, (row_number() over (order by a.attnum))::int as position
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`,
  // The catalogue compares names without case: `tablename` keeps only the exact table.
  mysql: `select table_name as tablename, column_name as name, column_type as type, column_comment as comment, is_nullable = 'YES' as nullable, column_key = 'PRI' as pk, ordinal_position as position
    from information_schema.columns where table_schema = database() and table_name = ? order by ordinal_position`,
}

function readerOf(c: OpenConnection): Reader {
  if (c.driver === 'postgres')
    return {
      catalog: 'postgres',
      own: false,
      rows: async (text, params) => (await c.client.query<Row>(text, params)).rows,
    }
  if (c.driver === 'mysql')
    return {
      catalog: 'mysql',
      own: false,
      rows: async (text, params) => (await c.conn.execute(text, params))[0] as Row[],
    }
  return {
    catalog: 'sqlite',
    own: false,
    rows: async (text, params) => c.db.prepare(text).all(...params) as Row[],
  }
}

/** Runs `use` on the own database as it is, or on a connection opened for this call and always closed. */
function read<T>(target: Introspectable, use: (r: Reader) => Promise<T>): Promise<T> {
  if (target.kind === 'input') return withConnection(target.input, (c) => use(readerOf(c)))
  const db = target.db
  return use({
    catalog: target.dialect,
    own: true,
    rows: async (text, params) =>
      (await db.executeQuery<Row>(CompiledQuery.raw(text, params))).rows,
  })
}

const flag = (v: unknown): boolean => v === true || Number(v) === 1
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v))

async function tablesOf(r: Reader): Promise<TableInfo[]> {
  const rows = await r.rows(TABLES_SQL[r.catalog], [])
  return (
    rows
      .map((row) => ({ name: text(row.name), comment: text(row.comment) }))
      // SQLite's own tables, and the server's migration bookkeeping, are nothing to generate code for.
      .filter(
        (t) =>
          !(r.catalog === 'sqlite' && t.name.startsWith('sqlite_')) &&
          !(r.own && t.name.startsWith('kysely_migration')),
      )
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  )
}

/** The tables (not views) of the connection's database/schema, by name; for PostgreSQL the `public` schema (or the search_path's first), for MySQL the URL's database. */
export function listTables(target: Introspectable): Promise<TableInfo[]> {
  return read(target, tablesOf)
}

/** The columns of one table in their order; throws IntrospectError(MSG_TABLE_UNKNOWN + name) when the table is not there. */
export function tableColumns(target: Introspectable, table: string): Promise<ColumnInfo[]> {
  return read(target, async (r) => {
    if (!(await tablesOf(r)).some((t) => t.name === table))
      throw new IntrospectError(MSG_TABLE_UNKNOWN + table)
    const rows = await r.rows(COLUMNS_SQL[r.catalog], [table])
    return rows
      .filter((row) => row.tablename === undefined || row.tablename === table)
      .map((row) => ({
        name: text(row.name),
        type: text(row.type).toLowerCase(),
        comment: text(row.comment),
        nullable: flag(row.nullable),
        primaryKey: flag(row.pk),
        position: Number(row.position),
      }))
  })
}

const ENTITY_OF_BASE: Record<string, PropertyEntity> = {
  smallint: 'Integer',
  int: 'Integer',
  integer: 'Integer',
  mediumint: 'Integer',
  tinyint: 'Integer',
  int2: 'Integer',
  int4: 'Integer',
  serial: 'Integer',
  smallserial: 'Integer',
  bigint: 'Long',
  int8: 'Long',
  bigserial: 'Long',
  real: 'Double',
  float: 'Double',
  double: 'Double',
  float4: 'Double',
  float8: 'Double',
  numeric: 'BigDecimal',
  decimal: 'BigDecimal',
  boolean: 'Boolean',
  bool: 'Boolean',
  date: 'Date',
  time: 'Date',
  datetime: 'Date',
  timestamp: 'Date',
  timestamptz: 'Date',
  timetz: 'Date',
}

/** The column type's Java-like entity: varchar/char/text/json/uuid... → String; smallint/int/integer/mediumint/tinyint(n>1) → Integer; bigint → Long; real/float/double → Double; numeric/decimal → BigDecimal; boolean/bool/bit(1)/tinyint(1) → Boolean; date/time/datetime/timestamp(tz) → Date; anything else String. */
export function propertyEntityOf(type: string): PropertyEntity {
  const t = type.trim().toLowerCase()
  // An array (PostgreSQL `integer[]`) is no single number.
  if (t.endsWith(']')) return 'String'
  const m = /^([a-z0-9_]+)\s*(?:\(\s*([^)]*?)\s*\))?/.exec(t)
  const base = m?.[1] ?? ''
  const size = m?.[2]
  // MySQL's convention for a flag; a bit string longer than one bit is not one.
  if ((base === 'tinyint' || base === 'bit') && size === '1') return 'Boolean'
  if (base === 'bit') return size === undefined ? 'Boolean' : 'String'
  return ENTITY_OF_BASE[base] ?? 'String'
}

/** snake_case (or any case) column name → camelCase property name: tenant_id → tenantId, ID → id, dmr_emp_vn_name → dmrEmpVnName. */
export function propertyNameOf(column: string): string {
  const words = column.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return words
    .map((w, i) => {
      // A word in one case (TENANT, id) is a plain word; a mixed one (createTime) keeps its humps.
      const word = w === w.toUpperCase() || w === w.toLowerCase() ? w.toLowerCase() : w
      if (i > 0) return word.charAt(0).toUpperCase() + word.slice(1)
      // The leading capitals of the first word go lower: UserName → userName, URLPath → urlPath.
      return word.replace(/^[A-Z]+(?=[A-Z][a-z])|^[A-Z]/, (s) => s.toLowerCase())
    })
    .join('')
}
