// Login captchas: GET captcha stores the code lower-cased for 30 minutes and answers the bare
// {key, image} of BladeX; the captcha grant checks it once (deleted on the first check).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { makeCaptcha, svgDataUrl } from '../../auth/captcha-image.ts'
import type { DB } from '../../db/schema.ts'
import { badRequest } from '../../core/envelope.ts'

const CAPTCHA_TTL_MS = 30 * 60 * 1000

export async function createCaptcha(db: Kysely<DB>): Promise<{ key: string; image: string }> {
  const { code, svg } = makeCaptcha()
  const key = randomUUID()
  const at = Date.now()
  await db
    .insertInto('bladeCaptcha')
    .values({ captchaKey: key, code: code.toLowerCase(), expiresAt: at + CAPTCHA_TTL_MS })
    .execute()
  await db.deleteFrom('bladeCaptcha').where('expiresAt', '<', at).execute()
  return { key, image: svgDataUrl(svg) }
}

/** Consumes the captcha whatever the answer, then 400 unless it matched and had not expired. */
export async function checkCaptcha(
  db: Kysely<DB>,
  key: string | undefined,
  code: string | undefined,
): Promise<void> {
  if (!key || !code) throw badRequest('验证码不正确')
  const row = await db
    .deleteFrom('bladeCaptcha')
    .where('captchaKey', '=', key)
    .returning(['code', 'expiresAt'])
    .executeTakeFirst()
  if (!row || row.expiresAt < Date.now() || row.code !== code.trim().toLowerCase())
    throw badRequest('验证码不正确')
}
