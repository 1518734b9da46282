// The OAuth client of a token request: `Authorization: Basic base64(clientId:secret)` checked
// against blade_client. Clients are cached per app; clear-cache empties the cache.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { ClientTable, DB } from '../../db/schema.ts'
import { BladeError } from '../../core/envelope.ts'

export type ClientRow = Selectable<ClientTable>

export const clientAuthFailed = () => new BladeError(401, '客户端认证失败')

const CACHE_MS = 60_000

export interface ClientStore {
  authenticate(req: FastifyRequest): Promise<ClientRow>
  clear(): void
}

function readBasic(req: FastifyRequest): { id: string; secret: string } | null {
  const raw = req.headers.authorization
  const m = /^Basic(?: |%20)(.+)$/i.exec(raw ?? '')
  if (!m) return null
  const text = Buffer.from(m[1].trim(), 'base64').toString('utf8')
  const at = text.indexOf(':')
  return at > 0 ? { id: text.slice(0, at), secret: text.slice(at + 1) } : null
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function createClientStore(db: Kysely<DB>): ClientStore {
  const cache = new Map<string, { row: ClientRow | null; at: number }>()
  const load = async (id: string) => {
    const hit = cache.get(id)
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.row
    const row =
      (await db
        .selectFrom('bladeClient')
        .selectAll()
        .where('clientId', '=', id)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()) ?? null
    if (cache.size > 1000) cache.clear()
    cache.set(id, { row, at: Date.now() })
    return row
  }
  return {
    async authenticate(req) {
      const cred = readBasic(req)
      if (!cred) throw clientAuthFailed()
      const row = await load(cred.id)
      if (!row || row.status !== 1 || !same(row.clientSecret, cred.secret)) throw clientAuthFailed()
      return row
    },
    clear() {
      cache.clear()
    },
  }
}

export function grantTypes(client: ClientRow): string[] {
  return client.authorizedGrantTypes
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean)
}
