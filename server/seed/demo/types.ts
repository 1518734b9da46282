// Demo data: a living tenant on the first start of the embedded default. Each business
// area contributes one part; parts run in the order of `demoParts` (parts.ts), so a later part may
// read what an earlier one wrote (MCN salaries read the gift details, for example).
import type { Kysely } from 'kysely'
import type { Dialect } from '../../db/database.ts'
import type { DB } from '../../db/schema.ts'

export interface DemoContext {
  /** The transaction the whole demo is written in (one: an interrupted first start leaves none of it). */
  db: Kysely<DB>
  /** The module code paths a part reuses take it (PostgreSQL locks). */
  dialect: Dialect
  /** The tenant that receives the demo rows (the default tenant 000000). */
  tenantId: string
  /** The moment of the first start ("today"): rows span the three months up to it, none after it. */
  today: Date
  /** Seeded pseudo-random numbers in [0, 1): the same demo on every machine. */
  random: () => number
}

export interface DemoPart {
  name: string
  run: (ctx: DemoContext) => Promise<void>
}
