// The code generator's reading of tables, against real databases: a SQLite file, a scratch
// PostgreSQL database and the local MariaDB as saved data sources, and the server's own database
// (SQLite and PostgreSQL) as the data source "master".
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCachedDatabase } from '../../auth/database.ts'
import type { Database } from '../../db/database.ts'
import { migrate } from '../../db/migrate.ts'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../../tests/support/scratch-database.ts'
import { onPostgres } from '../../../tests/support/test-server.ts'
import {
  IntrospectError,
  listTables,
  MSG_TABLE_UNKNOWN,
  propertyEntityOf,
  propertyNameOf,
  tableColumns,
  type Introspectable,
  type PropertyEntity,
} from './introspect.ts'

type Kind = 'sqlite' | 'postgres' | 'mysql'

const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' }
const mysqlReachable = await (async () => {
  try {
    await (await mysql.createConnection({ ...MYSQL, connectTimeout: 3000 })).end()
    return true
  } catch (e) {
    // Only a server that does not answer skips the suite; a refusal of the login is a failure.
    return !['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(
      String((e as { code?: unknown }).code),
    )
  }
})()
if (!mysqlReachable && process.env.CI)
  throw new Error(
    `MariaDB is not reachable at ${MYSQL.host}:${MYSQL.port}, and CI is set: the MySQL introspection tests must run.`,
  )
if (!mysqlReachable)
  console.warn(
    `MySQL introspection tests SKIPPED: nothing answers at ${MYSQL.host}:${MYSQL.port} (start the local MariaDB).`,
  )

const quote = (kind: Kind, name: string) =>
  kind === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`

/** The probe table: one column of each kind the generator maps, with comments where the database keeps them. */
function probeDdl(kind: Kind, t: string): string[] {
  if (kind === 'mysql')
    return [
      `create table ${t} (id varchar(64) not null primary key comment '主键', tenant_id bigint comment '租户', sort int not null, amount numeric(18,2), is_enabled tinyint(1),
        create_time datetime, birth_date date, remark text, ratio double) comment = '探针表'`,
    ]
  const ddl = `create table ${t} (id varchar(64) not null primary key, tenant_id bigint, sort integer not null, amount numeric(18,2), is_enabled boolean,
    create_time timestamp, birth_date date, remark text, ratio ${kind === 'postgres' ? 'double precision' : 'double'})`
  if (kind === 'sqlite') return [ddl]
  return [
    ddl,
    `comment on table ${t} is '探针表'`,
    `comment on column ${t}.id is '主键'`,
    `comment on column ${t}.tenant_id is '租户'`,
  ]
}

const TYPES: Record<Kind | 'mariadb', string[]> = {
  sqlite: [
    'varchar(64)',
    'bigint',
    'integer',
    'numeric(18,2)',
    'boolean',
    'timestamp',
    'date',
    'text',
    'double',
  ],
  postgres: [
    'character varying(64)',
    'bigint',
    'integer',
    'numeric(18,2)',
    'boolean',
    'timestamp without time zone',
    'date',
    'text',
    'double precision',
  ],
  mysql: [
    'varchar(64)',
    'bigint',
    'int',
    'decimal(18,2)',
    'tinyint(1)',
    'datetime',
    'date',
    'text',
    'double',
  ],
  // MariaDB still shows the display widths MySQL 8 dropped.
  mariadb: [
    'varchar(64)',
    'bigint(20)',
    'int(11)',
    'decimal(18,2)',
    'tinyint(1)',
    'datetime',
    'date',
    'text',
    'double',
  ],
}
const EXPECTED: {
  name: string
  comment: string
  nullable: boolean
  entity: PropertyEntity
  property: string
}[] = [
  { name: 'id', comment: '主键', nullable: false, entity: 'String', property: 'id' },
  { name: 'tenant_id', comment: '租户', nullable: true, entity: 'Long', property: 'tenantId' },
  { name: 'sort', comment: '', nullable: false, entity: 'Integer', property: 'sort' },
  { name: 'amount', comment: '', nullable: true, entity: 'BigDecimal', property: 'amount' },
  { name: 'is_enabled', comment: '', nullable: true, entity: 'Boolean', property: 'isEnabled' },
  { name: 'create_time', comment: '', nullable: true, entity: 'Date', property: 'createTime' },
  { name: 'birth_date', comment: '', nullable: true, entity: 'Date', property: 'birthDate' },
  { name: 'remark', comment: '', nullable: true, entity: 'String', property: 'remark' },
  { name: 'ratio', comment: '', nullable: true, entity: 'Double', property: 'ratio' },
]

/** A database under test: where the generator looks, and a side door to change and inspect it. */
interface Subject {
  kind: Kind
  target: Introspectable
  exec: (statement: string) => Promise<void>
  types: string[]
  close: () => Promise<void>
}

/** The same checks for every database; `prefix` keeps the tables apart in the shared MariaDB. */
function introspects(name: string, open: () => Promise<Subject>, prefix = ''): void {
  const probe = `${prefix}probe`
  const victim = `${prefix}victim`
  const odd = `${prefix}o'dd"name`
  let s: Subject
  beforeAll(async () => {
    s = await open()
    for (const statement of [
      ...probeDdl(s.kind, quote(s.kind, probe)),
      `create table ${quote(s.kind, victim)} (a integer)`,
      `create table ${quote(s.kind, odd)} (a integer)`,
      `create view ${quote(s.kind, `${prefix}v_probe`)} as select id from ${quote(s.kind, probe)}`,
    ])
      await s.exec(statement)
  })
  afterAll(async () => {
    if (s?.kind === 'mysql')
      for (const t of [`${prefix}v_probe`, probe, victim, odd])
        await s.exec(
          `drop ${t.endsWith('v_probe') ? 'view' : 'table'} if exists ${quote('mysql', t)}`,
        )
    await s?.close()
  })

  it(`${name}: lists the tables by name with their comments, not the views`, async () => {
    const tables = await listTables(s.target)
    const mine = tables.filter((t) => [probe, victim, odd, `${prefix}v_probe`].includes(t.name))
    expect(mine).toEqual([
      { name: odd, comment: '' },
      { name: probe, comment: s.kind === 'sqlite' ? '' : '探针表' },
      { name: victim, comment: '' },
    ])
    expect(tables.map((t) => t.name)).toEqual(tables.map((t) => t.name).sort())
    expect(
      tables.filter((t) => t.name.startsWith('sqlite_') || t.name.startsWith('kysely_migration')),
    ).toEqual([])
  })

  it(`${name}: answers every column of a table in order, with its type, comment, nullability and key`, async () => {
    const columns = await tableColumns(s.target, probe)
    const comments = s.kind !== 'sqlite'
    expect(columns).toEqual(
      EXPECTED.map((c, i) => ({
        name: c.name,
        type: s.types[i],
        comment: comments ? c.comment : '',
        nullable: c.nullable,
        primaryKey: c.name === 'id',
        position: i + 1,
      })),
    )
    expect(columns.map((c) => propertyEntityOf(c.type))).toEqual(EXPECTED.map((c) => c.entity))
    expect(columns.map((c) => propertyNameOf(c.name))).toEqual(EXPECTED.map((c) => c.property))
  })

  it(`${name}: reads a table whose name has quotes in it`, async () => {
    expect(await tableColumns(s.target, odd)).toEqual([
      {
        name: 'a',
        type: s.kind === 'mysql' ? expect.stringMatching(/^int(\(11\))?$/) : 'integer',
        comment: '',
        nullable: true,
        primaryKey: false,
        position: 1,
      },
    ])
  })

  it(`${name}: an unknown table, or a name that tries to end the statement, is unknown and changes nothing`, async () => {
    for (const table of [
      'nope',
      'v_probe',
      `${prefix}v_probe`,
      `x"; drop table ${victim}; --`,
      `x'; drop table ${victim}; --`,
      `x\`; drop table ${victim}; --`,
      `${probe}'--`,
    ]) {
      const failure = await tableColumns(s.target, table).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(failure, table).toBeInstanceOf(IntrospectError)
      expect((failure as Error).message).toBe(MSG_TABLE_UNKNOWN + table)
    }
    expect((await listTables(s.target)).map((t) => t.name)).toContain(victim)
    expect(await tableColumns(s.target, victim)).toHaveLength(1)
  })
}

describe('introspection of a SQLite data source', () => {
  const dir = mkdtempSync(join(tmpdir(), 'introspect-'))
  introspects('sqlite file', async () => {
    const file = join(dir, 'source.db')
    const db = new SQLite(file)
    // AUTOINCREMENT makes SQLite keep its own sqlite_sequence table, which must not be listed.
    db.exec('create table counter (id integer primary key autoincrement)')
    const target: Introspectable = {
      kind: 'input',
      input: { driverClass: 'org.sqlite.JDBC', url: `jdbc:sqlite:${file}` },
    }
    return {
      kind: 'sqlite',
      target,
      exec: async (s) => void db.exec(s),
      types: TYPES.sqlite,
      close: async () => (db.close(), rmSync(dir, { recursive: true, force: true })),
    }
  })
  it('a missing file is a connection failure, not an empty database', async () => {
    await expect(
      listTables({
        kind: 'input',
        input: { driverClass: 'org.sqlite.JDBC', url: `jdbc:sqlite:${join(dir, 'missing.db')}` },
      }),
    ).rejects.toThrow()
  })
})

onPostgres('introspection of a PostgreSQL data source', () => {
  introspects('postgres database', async () => {
    const scratch = await createScratchDatabase('postgres')
    const client = new pg.Client({ connectionString: scratch.url })
    await client.connect()
    // Another schema's tables are not the data source's.
    await client.query('create schema elsewhere; create table elsewhere.hidden (a integer)')
    const u = new URL(scratch.url)
    const target: Introspectable = {
      kind: 'input',
      input: {
        driverClass: 'org.postgresql.Driver',
        url: `jdbc:postgresql://${u.host}${u.pathname}`,
        username: decodeURIComponent(u.username),
      },
    }
    return {
      kind: 'postgres',
      target,
      exec: async (s) => void (await client.query(s)),
      types: TYPES.postgres,
      close: async () => (await client.end(), await scratch.drop()),
    }
  })
})

describe.skipIf(!mysqlReachable)('introspection of a MySQL (MariaDB) data source', () => {
  introspects(
    'mariadb database',
    async () => {
      const conn = await mysql.createConnection(MYSQL)
      const [rows] = await conn.query('select version() as v')
      const mariadb = String((rows as { v: string }[])[0]?.v).includes('MariaDB')
      const target: Introspectable = {
        kind: 'input',
        input: {
          driverClass: 'com.mysql.cj.jdbc.Driver',
          url: `jdbc:mysql://${MYSQL.host}:${MYSQL.port}/${MYSQL.database}`,
          username: MYSQL.user,
          password: MYSQL.password,
        },
      }
      return {
        kind: 'mysql',
        target,
        exec: async (s) => void (await conn.query(s)),
        types: mariadb ? TYPES.mariadb : TYPES.mysql,
        close: () => conn.end(),
      }
    },
    `introspect_${Date.now()}_${randomBytes(3).toString('hex')}_`,
  )
})

/** The server's own database, migrated as the server runs it. */
async function ownSubject(kind: 'sqlite' | 'postgres'): Promise<Subject & { database: Database }> {
  const scratch: ScratchDatabase = await createScratchDatabase(kind)
  const database = openCachedDatabase(scratch.url, { sqliteReaders: 1 })
  await migrate(database.db as never)
  return {
    kind,
    database,
    target: { kind: 'own', db: database.db, dialect: kind },
    exec: async (s) => void (await sql.raw(s).execute(database.db)),
    types: TYPES[kind],
    close: async () => (await database.close(), await scratch.drop()),
  }
}

for (const kind of ['sqlite', 'postgres'] as const) {
  const suite = kind === 'sqlite' ? describe : onPostgres
  suite(`introspection of the own database (${kind})`, () => {
    let own: Awaited<ReturnType<typeof ownSubject>>
    introspects(`own ${kind}`, async () => (own = await ownSubject(kind)))

    it(`own ${kind}: lists the server's tables but not its migration bookkeeping`, async () => {
      const names = (await listTables(own.target)).map((t) => t.name)
      expect(names).toContain('blade_datasource')
      // The bookkeeping is there, so leaving it out is the filter's doing.
      const catalogue =
        kind === 'sqlite'
          ? sql<{
              name: string
            }>`select name from sqlite_master where name like 'kysely_migration%'`
          : sql<{
              name: string
            }>`select tablename as name from pg_tables where tablename like 'kysely_migration%'`
      expect((await catalogue.execute(own.database.db)).rows.length).toBeGreaterThan(0)
      await expect(tableColumns(own.target, 'kysely_migration')).rejects.toThrow(
        MSG_TABLE_UNKNOWN + 'kysely_migration',
      )
    })

    it(`own ${kind}: reads inside a transaction of the server`, async () => {
      const columns = await own.database.db
        .transaction()
        .execute((trx) => tableColumns({ kind: 'own', db: trx, dialect: kind }, 'probe'))
      expect(columns.map((c) => c.name)).toEqual(EXPECTED.map((c) => c.name))
    })
  })
}

describe('property mapping', () => {
  it('maps column types to the generator entities', () => {
    const cases: [string, PropertyEntity][] = [
      ['varchar(64)', 'String'],
      ['character varying(64)', 'String'],
      ['char(1)', 'String'],
      ['text', 'String'],
      ['json', 'String'],
      ['uuid', 'String'],
      ['', 'String'],
      ['smallint', 'Integer'],
      ['int', 'Integer'],
      ['int(11)', 'Integer'],
      ['INTEGER', 'Integer'],
      ['mediumint(9)', 'Integer'],
      ['tinyint(4)', 'Integer'],
      ['tinyint', 'Integer'],
      ['int unsigned', 'Integer'],
      ['bigint', 'Long'],
      ['bigint(20) unsigned', 'Long'],
      ['real', 'Double'],
      ['float', 'Double'],
      ['double', 'Double'],
      ['double precision', 'Double'],
      ['numeric(18,2)', 'BigDecimal'],
      ['decimal(10, 0)', 'BigDecimal'],
      ['numeric', 'BigDecimal'],
      ['boolean', 'Boolean'],
      ['bool', 'Boolean'],
      ['bit(1)', 'Boolean'],
      ['bit', 'Boolean'],
      ['tinyint(1)', 'Boolean'],
      ['bit(8)', 'String'],
      ['date', 'Date'],
      ['time', 'Date'],
      ['datetime', 'Date'],
      ['datetime(3)', 'Date'],
      ['timestamp', 'Date'],
      ['timestamp without time zone', 'Date'],
      ['timestamp(3) with time zone', 'Date'],
      ['timestamptz', 'Date'],
      ['integer[]', 'String'],
      ['interval', 'String'],
      ['bytea', 'String'],
      ['point', 'String'],
    ]
    expect(cases.map(([t]) => [t, propertyEntityOf(t)])).toEqual(cases)
  })

  it('turns column names into camelCase properties', () => {
    const cases = [
      ['tenant_id', 'tenantId'],
      ['ID', 'id'],
      ['dmr_emp_vn_name', 'dmrEmpVnName'],
      ['CREATE_TIME', 'createTime'],
      ['createTime', 'createTime'],
      ['UserName', 'userName'],
      ['URLPath', 'urlPath'],
      ['user_ID', 'userId'],
      ['_id', 'id'],
      ['a__b', 'aB'],
      ['col_2', 'col2'],
    ]
    expect(cases.map(([c]) => [c, propertyNameOf(c!)])).toEqual(cases)
  })
})
