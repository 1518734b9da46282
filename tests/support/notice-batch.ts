// A batch of notice creates sent the way the offline outbox sends its rows: a client-made id and an
// Idempotency-Key per row, many in flight at once, each row's outcome kept (the answer, or the
// transport error of a server that went away). The fault tests read back what the database holds.
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB, NoticeTable } from '../../server/db/schema.ts'
import { call } from './http.ts'

export const NOTICE_SUBMIT = '/api/blade-desk/notice/submit'

interface NoticeBody {
  id: string
  title: string
  category: number
  releaseTime: string
  content: string
}

export interface BatchRow {
  key: string
  body: NoticeBody
}

/** A server to send to and a token it accepts. */
export interface Target {
  baseUrl: string
  token: string
}

export interface Envelope {
  code: number
  success: boolean
  msg: string
  data: unknown
}

/** The HTTP answer, or `status: 0` when the request got none (connection refused or reset). */
export interface Outcome {
  row: BatchRow
  status: number
  body: Envelope | null
}

export const acknowledged = (o: Outcome): boolean => o.status === 200 && o.body?.success === true

/** `size` distinct rows; the tag (in ids, keys and titles) keeps two batches on one database apart. */
export function noticeBatch(size: number): BatchRow[] {
  const tag = randomBytes(4).toString('hex')
  // 19 digits: a fixed lead, 12 digits of time, the row number. Unique per run, valid Blade ids.
  const idBase = `8${String(Date.now()).slice(-12)}`
  return Array.from({ length: size }, (_, i) => ({
    key: `batch-${tag}-${i}`,
    body: {
      id: `${idBase}${String(i).padStart(6, '0')}`,
      title: `batch ${tag} #${i}`,
      category: (i % 6) + 1,
      releaseTime: '2026-11-21 10:30:00',
      content: `<p>row ${i} of batch ${tag}</p>`,
    },
  }))
}

async function submitRow(target: Target, row: BatchRow): Promise<Outcome> {
  try {
    const r = await call<Envelope>(target.baseUrl, 'POST', NOTICE_SUBMIT, {
      token: target.token,
      json: row.body,
      headers: { 'Idempotency-Key': row.key },
    })
    return { row, status: r.status, body: typeof r.body === 'object' ? r.body : null }
  } catch {
    // fetch rejects when the server is gone: no answer, so nothing was acknowledged.
    return { row, status: 0, body: null }
  }
}

/**
 * Sends every row with at most `concurrency` in flight; row i goes to `targetOf(i)`, looked up when
 * the row is sent (so a caller can swap a restarted server in). `onAck` hears the running count
 * of acknowledged rows.
 */
export async function submitConcurrently(
  rows: BatchRow[],
  opts: { concurrency: number; targetOf: (i: number) => Target; onAck?: (acks: number) => void },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(rows.length)
  let next = 0
  let acks = 0
  const worker = async () => {
    while (next < rows.length) {
      const i = next++
      const outcome = await submitRow(opts.targetOf(i), rows[i]!)
      outcomes[i] = outcome
      if (acknowledged(outcome)) opts.onAck?.(++acks)
    }
  }
  await Promise.all(Array.from({ length: opts.concurrency }, worker))
  return outcomes
}

/** The sync columns (docs/offline.md) are outside the typed schema: the CRUD engine writes them untyped. */
interface SyncTables {
  bladeNotice: NoticeTable & { version: number }
  bladeIdempotency: {
    tenantId: string
    userId: string
    idemKey: string
    requestHash: string
    response: string
    createdAt: number
  }
}

/** What the database holds of the batch: notice rows by id, stored answers by Idempotency-Key. */
export async function readStoredBatch(typed: Kysely<DB>, rows: BatchRow[]) {
  const db = typed as unknown as Kysely<SyncTables>
  const notices = await db
    .selectFrom('bladeNotice')
    .selectAll()
    .where(
      'id',
      'in',
      rows.map((r) => r.body.id),
    )
    .execute()
  const answers = await db
    .selectFrom('bladeIdempotency')
    .selectAll()
    .where(
      'idemKey',
      'in',
      rows.map((r) => r.key),
    )
    .execute()
  // Titles are unique per row: a row stored twice under another id would show here.
  const titled = await db
    .selectFrom('bladeNotice')
    .select('title')
    .where(
      'title',
      'in',
      rows.map((r) => r.body.title),
    )
    .execute()
  return {
    notices: new Map(notices.map((n) => [n.id, n])),
    answers: new Map(answers.map((a) => [a.idemKey, JSON.parse(a.response) as Envelope])),
    titleCount: titled.length,
  }
}
