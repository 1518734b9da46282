// Idempotency-Key (docs/offline.md, a compatible extension of the Blade contract): the key and the
// answer are stored in the same transaction as the effect and kept 30 days. A repeat answers the
// stored result without writing again; the same key with another body answers 422; a concurrent
// duplicate (the other transaction holds the key) answers 409. Without the header nothing changes.
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { AuthUser } from '../auth/context.ts'
import { BladeError, type Envelope } from '../core/envelope.ts'
import type { AppContext } from '../core/routes.ts'
import { dynamic, type AnyDb } from './table.ts'

const IDEMPOTENCY_TTL_MS = 30 * 24 * 3600 * 1000
export const IDEMPOTENCY_KEY = /^[\w.:-]{8,100}$/

/** JSON with object keys sorted, so an upgraded body and the same body sent in the new shape agree. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

function requestHash(req: FastifyRequest, body: unknown): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n${canonical(body)}`)
    .digest('hex')
}

/** The fingerprint records written before it was canonical (raw body, keys as sent); kept 30 days like them. */
function legacyHash(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex')
}

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string }).code
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  )
}

/**
 * `body` is what the fingerprint covers: the body in the current payload schema (payload-version.ts),
 * so a row resent after the device upgraded it matches its earlier send of the previous version.
 */
export async function idempotent(
  ctx: AppContext,
  req: FastifyRequest,
  user: AuthUser,
  run: (trx: AnyDb) => Promise<Envelope>,
  body: unknown = req.body,
): Promise<Envelope> {
  const header = req.headers['idempotency-key']
  const key = Array.isArray(header) ? header[0] : header
  if (!key) return ctx.db.transaction().execute((trx) => run(dynamic(trx)))
  if (!IDEMPOTENCY_KEY.test(key))
    throw new BladeError(400, 'Idempotency-Key 格式不正确（8 到 100 位字母、数字、-_.:）')
  const hash = requestHash(req, body)
  try {
    return await ctx.db.transaction().execute(async (t) => {
      const trx = dynamic(t)
      const seen = await trx
        .selectFrom('blade_idempotency')
        .selectAll()
        .where('tenant_id', '=', user.tenantId)
        .where('user_id', '=', user.userId)
        .where('idem_key', '=', key)
        .executeTakeFirst()
      if (seen && Number(seen.createdAt) > Date.now() - IDEMPOTENCY_TTL_MS) {
        if (seen.requestHash !== hash && seen.requestHash !== legacyHash(req))
          throw new BladeError(422, '同一个 Idempotency-Key 已用于另一个请求', { httpStatus: 422 })
        return JSON.parse(String(seen.response)) as Envelope
      }
      const ofKey = { tenant_id: user.tenantId, user_id: user.userId, idem_key: key }
      if (seen)
        await trx
          .deleteFrom('blade_idempotency')
          .where('tenant_id', '=', ofKey.tenant_id)
          .where('user_id', '=', ofKey.user_id)
          .where('idem_key', '=', key)
          .execute()
      // The key is claimed before the work: a concurrent request with it waits on the claim (PostgreSQL)
      // and then answers 409, instead of doing the work a second time and meeting its own first write.
      await trx
        .insertInto('blade_idempotency')
        .values({ ...ofKey, request_hash: hash, response: '', created_at: Date.now() })
        .execute()
      const answer = await run(trx)
      await trx
        .updateTable('blade_idempotency')
        .set({ response: JSON.stringify(answer) })
        .where('tenant_id', '=', ofKey.tenant_id)
        .where('user_id', '=', ofKey.user_id)
        .where('idem_key', '=', key)
        .execute()
      return answer
    })
  } catch (e) {
    if (isUniqueViolation(e))
      throw new BladeError(409, '相同的请求正在处理中，请稍后重试', { httpStatus: 409 })
    throw e
  }
}

/** Drops records older than 30 days (run at start and once a day). */
export async function purgeIdempotency(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await dynamic(ctx.db)
    .deleteFrom('blade_idempotency')
    .where('created_at', '<', Date.now() - IDEMPOTENCY_TTL_MS)
    .execute()
}
