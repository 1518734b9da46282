// Seeds the embedded default with real rows: idempotent, each part inserts only what is missing.
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../../config.ts'
import type { DB } from '../schema.ts'
import { seedCore } from './core.ts'

export async function seed(db: Kysely<DB>, config: Pick<ServerConfig, 'adminPassword'>): Promise<void> {
  await seedCore(db, config)
}
