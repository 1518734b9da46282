// Seeds the embedded default with real rows: idempotent, each part inserts only what is missing.
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../core/config.ts'
import type { DB } from '../db/schema.ts'
import { seedCore } from './core.ts'
import { seedDicts } from './dicts.ts'
import { seedFeeOptions } from './fee-options.ts'
import { seedField } from './field.ts'
import { seedFlow } from './flow.ts'
import { seedMenus } from './menus.ts'
import { seedNotices } from './notices.ts'
import { seedOrg } from './org.ts'
import { seedParams } from './params.ts'
import { seedProducts } from './product.ts'
import { seedRegions } from './regions.ts'

export async function seed(
  db: Kysely<DB>,
  config: Pick<ServerConfig, 'adminPassword'>,
): Promise<void> {
  await seedCore(db, config)
  const createdRoles = await seedOrg(db)
  await seedMenus(db, createdRoles)
  await seedDicts(db)
  await seedNotices(db)
  await seedParams(db)
  await seedRegions(db)
  await seedField(db)
  await seedProducts(db)
  await seedFeeOptions(db)
  await seedFlow(db)
}
