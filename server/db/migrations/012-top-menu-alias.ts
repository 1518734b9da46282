// A top menu's English name (compatible extension, like blade_menu.alias): the app shows it when
// the language is English. Null = none; the Chinese name is shown then.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_top_menu').addColumn('alias', 'varchar(255)').execute()
}
