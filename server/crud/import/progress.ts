// Import progress in the database (migration 014), so a poll answered by another server process
// sees it: processed and total rows and the phase; the refused file's row errors for their download.
import type { Kysely } from 'kysely'
import type { AuthUser } from '../../auth/context.ts'
import type { DB } from '../../db/schema.ts'
import { formatDateTime, now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'

export type ImportPhase = 'read' | 'write' | 'done' | 'failed'

export interface RowError {
  /** The row's number in the file (1 = the header row). */
  row: number
  column: string
  message: string
}

const IMPORT_ID = /^[A-Za-z0-9_-]{8,64}$/
const KEEP_MS = 24 * 60 * 60 * 1000

/** The client's import id (form field or query), or a new one. */
export function importIdOf(raw: string | undefined): string {
  if (raw === undefined || raw === '') return nextId()
  if (!IMPORT_ID.test(raw)) throw badRequest('请求参数格式错误: importId')
  return raw
}

export class ImportProgress {
  private lastWrite = 0
  private readonly db: Kysely<DB>
  readonly importId: string
  constructor(db: Kysely<DB>, importId: string) {
    this.db = db
    this.importId = importId
  }

  /** Starts the record (an id reused by the same user starts over); expired records go. */
  static async start(
    db: Kysely<DB>,
    importId: string,
    user: AuthUser,
    entity: string,
  ): Promise<ImportProgress> {
    await db
      .deleteFrom('dmrImportProgress')
      .where('createTime', '<', formatDateTime(new Date(Date.now() - KEEP_MS)))
      .execute()
    const owner = await db
      .selectFrom('dmrImportProgress')
      .select(['tenantId', 'userId'])
      .where('importId', '=', importId)
      .executeTakeFirst()
    if (owner && (owner.tenantId !== user.tenantId || owner.userId !== user.userId))
      throw badRequest('请求参数格式错误: importId')
    if (owner) await db.deleteFrom('dmrImportProgress').where('importId', '=', importId).execute()
    const t = now()
    await db
      .insertInto('dmrImportProgress')
      .values({
        importId,
        tenantId: user.tenantId,
        userId: user.userId,
        entity,
        phase: 'read',
        processed: 0,
        total: 0,
        result: null,
        errors: null,
        createTime: t,
        updateTime: t,
      })
      .execute()
    return new ImportProgress(db, importId)
  }

  /** Rows done so far; written at most every half second unless forced (the phase changed). */
  async update(phase: ImportPhase, processed: number, total: number, force = false): Promise<void> {
    if (!force && Date.now() - this.lastWrite < 500) return
    this.lastWrite = Date.now()
    await this.db
      .updateTable('dmrImportProgress')
      .set({ phase, processed, total, updateTime: now() })
      .where('importId', '=', this.importId)
      .execute()
  }

  async finish(result: object): Promise<void> {
    await this.db
      .updateTable('dmrImportProgress')
      .set({ phase: 'done', result: JSON.stringify(result), updateTime: now() })
      .where('importId', '=', this.importId)
      .execute()
  }

  async fail(errors: RowError[]): Promise<void> {
    await this.db
      .updateTable('dmrImportProgress')
      .set({ phase: 'failed', errors: JSON.stringify(errors), updateTime: now() })
      .where('importId', '=', this.importId)
      .execute()
  }
}

/** The caller's own import of this entity. */
export async function findProgress(
  db: Kysely<DB>,
  user: AuthUser,
  entity: string,
  importId: string,
) {
  return db
    .selectFrom('dmrImportProgress')
    .selectAll()
    .where('importId', '=', importId)
    .where('tenantId', '=', user.tenantId)
    .where('userId', '=', user.userId)
    .where('entity', '=', entity)
    .executeTakeFirst()
}
