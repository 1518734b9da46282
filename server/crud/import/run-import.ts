// An import from start to end: the whole file checked first (any bad row refuses it, nothing is
// written), then written in chunks of IMPORT_CHUNK_ROWS rows, one transaction each, with progress.
import type { EntityDef } from '../../../src/domain/entity.ts'
import type { AuthUser } from '../../auth/context.ts'
import { optionLabels, type Labels } from '../labels.ts'
import { dynamic, type AnyDb, type Row } from '../table.ts'
import { now } from '../../core/dates.ts'
import { BladeError, badRequest } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'
import type { CrudOptions } from '../options.ts'
import type { HeaderMapping } from './headers.ts'
import { refuseTooManyRows } from './row-count.ts'
import { ANSWERED_ERRORS, IMPORT_CHUNK_ROWS, KEPT_ERRORS, PREVIEW_ROWS } from './limits.ts'
import { keyOf, parsedRows, type ParsedRow } from './parse-rows.ts'
import type { ImportProgress, RowError } from './progress.ts'
import type { SheetFile } from './upload.ts'
import { WriteState } from '../write-state.ts'
import { writeChunk, type ChunkCounts, type ImportTx } from './write-chunk.ts'

export interface ImportResult extends ChunkCounts {
  importId: string
  total: number
}

function refuseMissing(m: HeaderMapping): void {
  if (m.missing.length)
    throw badRequest(`导入文件缺少必需的列: ${m.missing.join('、')}，请使用导入模板`)
}

/** The mapping and the first rows, parsed and checked, without writing. */
export async function previewImport(
  def: EntityDef,
  file: SheetFile,
  given: Row = {},
  labels: Labels = new Map(),
) {
  let mapping: HeaderMapping | null = null
  const rows: { row: number; values: Record<string, unknown>; errors: RowError[] }[] = []
  const it = parsedRows(def, file, (m) => (mapping = m), given, labels)
  try {
    for await (const r of it) {
      rows.push({ row: r.line, values: r.input, errors: r.errors })
      if (rows.length >= PREVIEW_ROWS) break
    }
  } catch (e) {
    // An empty file still has a mapping to show; other refusals stand.
    if (!(e instanceof BladeError && mapping && rows.length === 0)) throw e
  }
  const m = mapping as HeaderMapping | null
  return { columns: m?.columns ?? [], missing: m?.missing ?? [], rows }
}

/** Pass 1: every row parsed and validated, keys unique within the file. */
async function checkFile(
  def: EntityDef,
  file: SheetFile,
  progress: ImportProgress,
  given: Row,
  labels: Labels,
): Promise<{ total: number; errors: RowError[]; errorCount: number }> {
  const seen = new Map<string, number>()
  const errors: RowError[] = []
  let errorCount = 0
  let total = 0
  const keyColumn =
    def.import!.columns.find((c) => c.field === def.import!.key[0])?.headers[0] ??
    def.import!.key[0]!
  for await (const r of parsedRows(def, file, refuseMissing, given, labels)) {
    total++
    const rowErrors = [...r.errors]
    if (rowErrors.length === 0) {
      const key = keyOf(def, r.input)
      const first = seen.get(key)
      if (first !== undefined)
        rowErrors.push({
          row: r.line,
          column: keyColumn,
          message: `与第 ${first} 行重复（${def.import!.key.join(' + ')} 相同）`,
        })
      else seen.set(key, r.line)
    }
    errorCount += rowErrors.length
    for (const e of rowErrors) if (errors.length < KEPT_ERRORS) errors.push(e)
    await progress.update('read', total, 0)
  }
  return { total, errors, errorCount }
}

/** `given`: the values the request gives every row (ImportSpec.given), already checked. */
export async function runImport(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
  opts: CrudOptions,
  file: SheetFile,
  progress: ImportProgress,
  given: Row = {},
): Promise<ImportResult> {
  // Dictionary fields may be filled with their options' labels (the template's example is one).
  const labels = await optionLabels(ctx, def, user)
  await refuseTooManyRows(file)
  const checked = await checkFile(def, file, progress, given, labels)
  if (checked.errorCount) {
    await progress.fail(checked.errors)
    const msg = `导入失败，共 ${checked.errorCount} 处错误，未写入任何数据`
    throw new BladeError(400, msg, {
      data: {
        importId: progress.importId,
        total: checked.total,
        errorCount: checked.errorCount,
        errors: checked.errors.slice(0, ANSWERED_ERRORS),
      },
    })
  }
  await progress.update('write', 0, checked.total, true)
  const importTime = now()
  const counts: ChunkCounts = { inserted: 0, updated: 0, unchanged: 0 }
  let processed = 0
  const inTransaction = (trx: AnyDb): ImportTx => ({ trx, state: new WriteState() })
  const writeAll = async (inOne: ImportTx | null) => {
    const flush = async (chunk: ParsedRow[]) => {
      const write = (tx: ImportTx) => writeChunk(ctx, tx, def, user, opts, chunk, importTime)
      const c = inOne
        ? await write(inOne)
        : await ctx.db.transaction().execute((trx) => write(inTransaction(dynamic(trx))))
      counts.inserted += c.inserted
      counts.updated += c.updated
      counts.unchanged += c.unchanged
      processed += chunk.length
      // Inside one transaction the progress row cannot be written (SQLite has one writer, and it is ours).
      if (!inOne) await progress.update('write', processed, checked.total)
    }
    const chunk: ParsedRow[] = []
    for await (const r of parsedRows(def, file, refuseMissing, given, labels)) {
      chunk.push(r)
      if (chunk.length >= IMPORT_CHUNK_ROWS) await flush(chunk.splice(0))
    }
    if (chunk.length) await flush(chunk)
  }
  try {
    if (opts.importAtomic)
      await ctx.db.transaction().execute((trx) => writeAll(inTransaction(dynamic(trx))))
    else await writeAll(null)
  } catch (e) {
    // A module's rule refused a row while writing: with importAtomic nothing stays written; otherwise
    // the chunks before the refused row's are kept, and the message says how many rows that is.
    if (!(e instanceof BladeError) || !opts.importAtomic) {
      if (e instanceof BladeError && processed > 0)
        throw new BladeError(e.code, `${e.message}（此前的 ${processed} 行已写入）`, {
          data: e.data,
        })
      throw e
    }
    throw new BladeError(e.code, `${e.message}（导入未写入任何数据）`, { data: e.data })
  }
  const result: ImportResult = { importId: progress.importId, total: checked.total, ...counts }
  await progress.update('write', processed, checked.total, true)
  await progress.finish(result)
  return result
}
