// Rows of an uploaded sheet, streamed: the workbook's FIRST sheet (workbook order) of an xlsx read
// by exceljs's WorkbookReader (date cells as Dates), or a csv read by csv-parse (UTF-8 with or
// without BOM, comma, semicolon or tab judged from the header line).
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CsvError, parse } from 'csv-parse'
import { BladeError, badRequest } from '../../core/envelope.ts'
import { ExcelJS } from './exceljs.ts'
import { MAX_CSV_RECORD_BYTES, MSG_DAMAGED } from './limits.ts'
import { judgeSheet, type SheetFile } from './upload.ts'

export type SheetCell = string | number | boolean | Date | null

export interface SheetRow {
  /** The row's number as the file's reader sees it (1 = the first row). */
  line: number
  cells: SheetCell[]
}

/** An exceljs cell value as plain data: rich text joined, a formula's result, a hyperlink's text. */
function plainCell(v: unknown): SheetCell {
  if (v === null || v === undefined) return null
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date)
    return v
  if (typeof v === 'object') {
    const o = v as {
      richText?: { text: string }[]
      result?: unknown
      text?: unknown
      error?: unknown
      formula?: unknown
      sharedFormula?: unknown
    }
    if (o.richText) return o.richText.map((r) => r.text).join('')
    if ('formula' in o || 'sharedFormula' in o) return plainCell(o.result)
    if (o.text !== undefined) return plainCell(o.text)
    if (o.error !== undefined) return String(o.error)
  }
  return String(v)
}

interface SheetInfo {
  name?: string
}

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  // By path: exceljs.ts reads it from the zip's central directory.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  })
  try {
    for await (const sheet of reader) {
      // Worksheets come by their part number; the workbook lists them in the order people see them.
      const first = (reader as unknown as { model?: { sheets?: SheetInfo[] } }).model?.sheets?.[0]
        ?.name
      if (first !== undefined && (sheet as unknown as SheetInfo).name !== first) {
        for await (const skipped of sheet) void skipped
        continue
      }
      for await (const row of sheet) {
        const values = row.values as unknown[]
        yield {
          line: row.number,
          cells: Array.from({ length: Math.max(0, values.length - 1) }, (_, i) =>
            plainCell(values[i + 1]),
          ),
        }
      }
      return
    }
  } catch (e) {
    // Whatever the zip, inflate or XML layers throw (damaged bytes, broken XML, parts missing) is the
    // file's fault: a 400. A system error (no file, no descriptors left) is the server's.
    if (e instanceof BladeError || (e instanceof Error && 'syscall' in e)) throw e
    throw badRequest(MSG_DAMAGED)
  }
}

/** The delimiter of the header line: the most frequent of comma, semicolon and tab outside quotes. */
async function csvDelimiter(path: string): Promise<string> {
  const fh = await open(path, 'r')
  const head = Buffer.alloc(64 * 1024)
  const { bytesRead } = await fh.read(head, 0, head.length, 0).finally(() => fh.close())
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (const ch of head.subarray(0, bytesRead).toString('utf8')) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch in counts) counts[ch]!++
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![1] > 0
    ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0]
    : ','
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const input = createReadStream(path)
  const parser = input.pipe(
    parse({
      bom: true,
      delimiter: await csvDelimiter(path),
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: MAX_CSV_RECORD_BYTES,
      skip_empty_lines: false,
    }),
  )
  let line = 0
  try {
    for await (const record of parser as AsyncIterable<string[]>)
      yield { line: ++line, cells: record }
  } catch (e) {
    if (e instanceof CsvError)
      throw badRequest(
        `CSV 文件格式错误（第 ${line + 1} 行附近）: ${e.code === 'CSV_MAX_RECORD_SIZE' ? '单行内容过长' : e.message}`,
      )
    throw e
  } finally {
    input.destroy()
  }
}

/** Every row of the file's first sheet, in order. */
export function sheetRows(file: SheetFile): AsyncGenerator<SheetRow> {
  return file.kind === 'xlsx' ? xlsxRows(file.path) : csvRows(file.path)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A date cell's wall-clock time: exceljs gives date cells as UTC instants of the shown time. */
export function cellDateText(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

export function cellText(c: SheetCell): string {
  if (c === null) return ''
  if (c instanceof Date) return cellDateText(c)
  return String(c)
}

/** A whole (small) sheet as rows of cell texts: the user import and tests read files this way. */
export async function readSheetText(bytes: Uint8Array): Promise<string[][]> {
  const path = join(tmpdir(), `sheet-${randomUUID()}`)
  await writeFile(path, bytes)
  try {
    const rows: string[][] = []
    for await (const row of sheetRows(await judgeSheet(path))) rows.push(row.cells.map(cellText))
    return rows
  } finally {
    await rm(path, { force: true })
  }
}
