// Runs the migrations in server/db/migrations in name order; the same files serve both databases.
import type { Kysely } from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import { ensureDeclaredIndexes } from './declared-indexes.ts'
import * as core from './migrations/001-core.ts'
import * as sync from './migrations/006-sync.ts'
import * as admin from './migrations/004-admin.ts'
import * as auth from './migrations/002-auth.ts'
import * as systemAdmin from './migrations/005-system-admin.ts'
import * as field from './migrations/007-field.ts'
import * as stockStatus from './migrations/009-stock-status.ts'
import * as product from './migrations/008-product.ts'
import * as hardening from './migrations/010-hardening.ts'
import * as downloadTicket from './migrations/011-download-ticket.ts'
import * as topMenuAlias from './migrations/012-top-menu-alias.ts'
import * as tkGift from './migrations/013-tk-gift.ts'
import * as importProgress from './migrations/014-import-progress.ts'
import * as ordersFees from './migrations/015-orders-fees.ts'
import * as tkOrderMonth from './migrations/016-tk-order-month.ts'
import * as giftTotals from './migrations/017-gift-totals.ts'
import * as employee from './migrations/018-employee.ts'
import * as salary from './migrations/019-salary.ts'
import * as reconciliation from './migrations/020-reconciliation.ts'
import * as salaryExtra from './migrations/021-salary-extra.ts'
import * as stockSkuUnknown from './migrations/040-stock-sku-unknown.ts'
import * as job from './migrations/060-job.ts'
import * as jobAlertWorkers from './migrations/061-job-alert-workers.ts'
import * as parkedLines from './migrations/062-parked-lines.ts'
import * as codeGenerator from './migrations/063-code-generator.ts'
import * as flow from './migrations/064-flow.ts'
import * as dateColumns from './migrations/065-date-columns.ts'

const migrations: Record<string, Migration> = {
  '006-sync': sync,
  '004-admin': admin,
  '001-core': core,
  '002-auth': auth,
  '005-system-admin': systemAdmin,
  '007-field': field,
  '009-stock-status': stockStatus,
  '008-product': product,
  '010-hardening': hardening,
  '011-download-ticket': downloadTicket,
  '012-top-menu-alias': topMenuAlias,
  '013-tk-gift': tkGift,
  '014-import-progress': importProgress,
  '015-orders-fees': ordersFees,
  '016-tk-order-month': tkOrderMonth,
  '017-gift-totals': giftTotals,
  '018-employee': employee,
  '019-salary': salary,
  '020-reconciliation': reconciliation,
  '021-salary-extra': salaryExtra,
  '040-stock-sku-unknown': stockSkuUnknown,
  '060-job': job,
  '061-job-alert-workers': jobAlertWorkers,
  '062-parked-lines': parkedLines,
  '063-code-generator': codeGenerator,
  '064-flow': flow,
  '065-date-columns': dateColumns,
}

export async function migrate(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({
    db,
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => migrations },
  })
  const { error, results } = await migrator.migrateToLatest()
  for (const r of results ?? [])
    if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`)
  if (error) throw error
  const skipped = await ensureDeclaredIndexes(db)
  if (skipped.length)
    console.warn(`declared filters without a column to index: ${skipped.join('; ')}`)
}
