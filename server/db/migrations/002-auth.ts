// Auth sessions: every refresh token of one login shares a session id (also the `sid` claim of its
// access tokens), so logout and refresh-token reuse can revoke the whole family.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await s.alterTable('blade_refresh_token').addColumn('session_id', 'varchar(64)').execute()
  await s
    .createIndex('ix_refresh_token_session')
    .on('blade_refresh_token')
    .column('session_id')
    .execute()
  await s.createIndex('ix_captcha_expires').on('blade_captcha').column('expires_at').execute()
  await s
    .createIndex('ix_sms_code_phone')
    .on('blade_sms_code')
    .columns(['tenant_id', 'phone'])
    .execute()
  await s.createIndex('ix_user_oauth_user').on('blade_user_oauth').column('user_id').execute()
}
