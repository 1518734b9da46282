// The tables the migrations make hold what the entity declarations say, on a fresh SQLite and a
// fresh PostgreSQL database: every stored field has its column (named as the engine maps it), of a
// type that keeps every value the declaration's validation accepts; the columns the entity's flags
// promise (tenant, BaseEntity, soft delete, version) are there; and what the engine finds rows by
// is never NULL. The Kysely types of those tables (server/db/schema-declared.gen.ts) are what
// either catalogue gives, so a migration that changes a declared table fails here until
// `node scripts/storage-types.ts` writes them again.
import { readFileSync } from 'node:fs'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { canRestore, columnOf, type EntityDef, type FieldDef } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'
import { lengthLimit, numberRange } from '../../src/domain/validate.ts'
import { openDatabase, type Database, type Dialect } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import {
  GENERATED_FILE,
  renderDeclaredTables,
  storedColumns,
  type StoredColumn,
} from '../../scripts/storage-types.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts'
import { forEachDatabase } from '../support/test-server.ts'

const TEXT = ['varchar', 'char', 'text']
const INTEGERS: Record<string, { min: number; max: number }> = {
  smallint: { min: -32768, max: 32767 },
  integer: { min: -2147483648, max: 2147483647 },
  bigint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
}
const DECIMALS = ['numeric', 'decimal']
/** An id as validation takes it: '-' and 19 digits at most (src/domain/validate.ts). */
const ID_LENGTH = 20
/** A date field takes a date or a date and time; a month is stored as yyyy-MM. */
const DATE_LENGTH = { date: 19, datetime: 19, month: 7 }

const typeText = (c: StoredColumn) =>
  c.type +
  (c.length !== null ? `(${c.length})` : '') +
  (c.precision !== null ? `(${c.precision}, ${c.scale})` : '')

/** A read-only screen with no write permission of its own takes no writes (server/crud/engine.ts). */
const takesWrites = (def: EntityDef) => !(def.layout?.readOnly && !def.writePermission)

/** The generic engine writes the entity's rows itself (submit/save/update/remove, import). */
const writtenByEngine = (def: EntityDef) => !def.custom && takesWrites(def)

/** The longest text a request can store in a text field: its static options' or its length bound. */
function longestText(f: FieldDef): number {
  if (f.options?.kind === 'static') {
    const values = f.options.options.map((o) => String(o.value))
    return f.multiple ? values.join(',').length : Math.max(...values.map((v) => v.length))
  }
  return lengthLimit(f)
}

/**
 * What is wrong with a field's column, or null. PostgreSQL enforces varchar and numeric sizes;
 * SQLite keeps any value in any column, so there only the kind of type is held.
 */
function columnProblem(
  def: EntityDef,
  f: FieldDef,
  c: StoredColumn,
  dialect: Dialect,
): string | null {
  const sized = dialect === 'postgres'
  const text = TEXT.includes(c.type)
  const fits = (n: number) => !sized || c.length === null || n <= c.length
  // Kept by the server (or a read-only list): what it stores is its own, only the kind must match.
  const fromRequest = !f.readOnly && takesWrites(def)
  switch (f.type) {
    case 'string':
    case 'text':
      if (!text) return `${f.type} field in a ${typeText(c)} column`
      if (fromRequest && !fits(longestText(f)))
        return `accepts ${longestText(f)} characters, the column holds ${c.length}`
      return null
    case 'id':
      if (!text) return `id field in a ${typeText(c)} column`
      return fits(ID_LENGTH)
        ? null
        : `an id takes ${ID_LENGTH} characters, the column holds ${c.length}`
    case 'ids':
    case 'rows':
      return text ? null : `${f.type} field in a ${typeText(c)} column`
    case 'date':
    case 'datetime':
    case 'month':
      if (!text) return `${f.type} field in a ${typeText(c)} column`
      return fits(DATE_LENGTH[f.type])
        ? null
        : `a ${f.type} takes ${DATE_LENGTH[f.type]} characters, the column holds ${c.length}`
    case 'boolean':
      return INTEGERS[c.type] ? null : `boolean field in a ${typeText(c)} column`
    case 'integer': {
      const bounds = INTEGERS[c.type]
      if (!bounds) return `integer field in a ${typeText(c)} column`
      const { min, max } = numberRange(f)
      return !fromRequest || (min >= bounds.min && max <= bounds.max)
        ? null
        : `accepts ${min}..${max}, a ${c.type} holds ${bounds.min}..${bounds.max}`
    }
    case 'number': {
      const { min, max } = numberRange(f)
      if (INTEGERS[c.type])
        // A fraction in an integer column is an error on PostgreSQL: only the server's own whole sums.
        return fromRequest ? `number field (fractions) in a ${typeText(c)} column` : null
      if (!DECIMALS.includes(c.type) && c.type !== 'real' && c.type !== 'double')
        return `number field in a ${typeText(c)} column`
      if (!sized || !fromRequest || c.precision === null) return null
      const whole = 10 ** (c.precision - (c.scale ?? 0))
      return Math.max(Math.abs(min), Math.abs(max)) < whole
        ? null
        : `accepts ${min}..${max}, a ${typeText(c)} holds less than ${whole} either way`
    }
  }
}

/** The columns the entity's flags and its engine promise, each with the type kind it must have. */
function promisedColumns(def: EntityDef): [column: string, kind: 'text' | 'integer'][] {
  const out: [string, 'text' | 'integer'][] = []
  if (def.tenant) out.push(['tenant_id', 'text'])
  if (def.base)
    out.push(
      ['create_user', 'text'],
      ['create_dept', 'text'],
      ['create_time', 'text'],
      ['update_user', 'text'],
      ['update_time', 'text'],
      ['status', 'integer'],
      ['is_deleted', 'integer'],
    )
  if (def.softDelete) out.push(['is_deleted', 'integer'])
  // Every generic write stores version + 1, and a restore raises it (server/crud/write.ts, restore.ts).
  if (writtenByEngine(def) || canRestore(def)) out.push(['version', 'integer'])
  return out
}

/** Columns the engine finds rows by, so NULL would lose a row: a NULL never equals anything. */
function keyColumns(def: EntityDef): string[] {
  const field = (name: string) => columnOf(def.fields.find((f) => f.name === name) ?? { name })
  const names = new Set<string>([
    def.key ? field(def.key) : 'id',
    ...(def.tenant ? ['tenant_id'] : []),
    ...(def.softDelete || def.base ? ['is_deleted'] : []),
    ...(def.base ? ['status'] : []),
    ...(promisedColumns(def).some(([c]) => c === 'version') ? ['version'] : []),
    // Roots are parent '0' (the tree routes), a row whose parent is NULL is in no tree.
    ...(def.tree ? [field(def.tree.parent)] : []),
    // A restore refuses a second live row of these, an import finds the row it updates by them.
    ...(def.unique ?? []).flat().map(field),
    ...(def.import?.key ?? []).map(field),
  ])
  return [...names]
}

const stored = (f: FieldDef) => !f.external && f.stored !== false

forEachDatabase('the migrated tables hold the entity declarations', (dialect) => {
  let scratch: ScratchDatabase
  let database: Database
  let db: Kysely<unknown>
  const columns = new Map<string, Map<string, StoredColumn>>()

  beforeAll(async () => {
    scratch = await createScratchDatabase(dialect)
    database = openDatabase(scratch.url, { sqliteReaders: 1 })
    db = database.db as unknown as Kysely<unknown>
    await migrate(db)
    for (const def of entities)
      if (!columns.has(def.table))
        columns.set(
          def.table,
          new Map((await storedColumns(db, dialect, def.table)).map((c) => [c.name, c])),
        )
  })
  afterAll(async () => {
    await database?.close()
    await scratch?.drop()
  })

  it('has a table for every entity and a column for each stored field, of a type that holds its values', () => {
    const problems: string[] = []
    for (const def of entities) {
      const table = columns.get(def.table)!
      if (!table.size) {
        problems.push(`${def.name}: no table ${def.table}`)
        continue
      }
      for (const f of def.fields) {
        if (!stored(f)) {
          if (f.stored === false && !def.custom)
            problems.push(
              `${def.name}.${f.name}: not stored, but the generic engine reads it as a column`,
            )
          continue
        }
        const c = table.get(columnOf(f))
        if (!c) {
          problems.push(`${def.name}.${f.name}: no column ${def.table}.${columnOf(f)}`)
          continue
        }
        const problem = columnProblem(def, f, c, dialect)
        if (problem) problems.push(`${def.name}.${f.name} (${def.table}.${c.name}): ${problem}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('has the columns the flags promise: tenant, BaseEntity, soft delete, version', () => {
    const problems: string[] = []
    for (const def of entities) {
      const table = columns.get(def.table)!
      for (const [name, kind] of promisedColumns(def)) {
        const c = table.get(name)
        if (!c) problems.push(`${def.name}: no column ${def.table}.${name}`)
        else if (kind === 'text' ? !TEXT.includes(c.type) : !INTEGERS[c.type])
          problems.push(`${def.name}: ${def.table}.${name} is ${typeText(c)}, not ${kind}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('keeps NOT NULL on every column the engine finds rows by', () => {
    const problems: string[] = []
    for (const def of entities) {
      const table = columns.get(def.table)!
      for (const name of keyColumns(def)) {
        const c = table.get(name)
        if (!c) problems.push(`${def.name}: no column ${def.table}.${name}`)
        else if (!c.notNull) problems.push(`${def.name}: ${def.table}.${name} may be NULL`)
      }
    }
    expect(problems).toEqual([])
  })

  it('gives the Kysely types server/db/schema-declared.gen.ts has (else run node scripts/storage-types.ts)', async () => {
    expect(await renderDeclaredTables(db, dialect, entities)).toBe(
      readFileSync(GENERATED_FILE, 'utf8'),
    )
  })
})
