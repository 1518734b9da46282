// Single-use download tickets: a browser that must open a download by URL (an export on an iOS
// home-screen app) cannot send the Blade-Auth header, and a token in the URL would land in logs and
// history. The app asks for a ticket (logged in, with the download's own permission), and the URL
// carries it instead: valid TICKET_TTL_MS, consumed by its first use, for that one path.
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { unauthorized } from '../core/envelope.ts'
import type { AuthUser } from './context.ts'

const TICKET_TTL_MS = 60 * 1000

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex')

export async function issueTicket(
  db: Kysely<DB>,
  user: AuthUser,
  path: string,
): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(32).toString('base64url')
  const at = Date.now()
  await db
    .insertInto('bladeDownloadTicket')
    .values({
      ticketHash: hashOf(ticket),
      path,
      claims: JSON.stringify(user),
      expiresAt: at + TICKET_TTL_MS,
    })
    .execute()
  await db.deleteFrom('bladeDownloadTicket').where('expiresAt', '<', at).execute()
  return { ticket, expiresIn: TICKET_TTL_MS / 1000 }
}

/**
 * The user a request's `ticket` parameter was issued to, consuming the ticket; null when the request
 * carries none. A used, expired or unknown ticket, or one issued for another path, is a 401.
 */
export async function redeemTicket(db: Kysely<DB>, req: FastifyRequest): Promise<AuthUser | null> {
  const ticket = (req.query as Record<string, unknown> | undefined)?.ticket
  if (ticket === undefined) return null
  // Deleted whatever happens next, so it opens at most once, even across server processes.
  const row =
    typeof ticket === 'string' && ticket
      ? await db
          .deleteFrom('bladeDownloadTicket')
          .where('ticketHash', '=', hashOf(ticket))
          .returning(['path', 'claims', 'expiresAt'])
          .executeTakeFirst()
      : undefined
  if (!row || row.expiresAt < Date.now() || row.path !== req.routeOptions.url)
    throw unauthorized('下载链接无效、已使用或已过期，请重新下载')
  return JSON.parse(row.claims) as AuthUser
}
