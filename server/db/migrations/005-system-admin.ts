// System administration: platform info on users (user_ext), and one live account per
// tenant enforced by the database as well as by the user module (a partial unique index, which
// both SQLite and PostgreSQL support).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await s.alterTable('blade_user').addColumn('user_ext', 'text').execute()
  await s
    .createIndex('ux_user_tenant_account_live')
    .on('blade_user')
    .columns(['tenant_id', 'account'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()
  await s
    .createIndex('ix_top_menu_setting_top')
    .on('blade_top_menu_setting')
    .column('top_menu_id')
    .execute()
  await s.createIndex('ix_dept_parent').on('blade_dept').column('parent_id').execute()
}
