// exceljs with two fixes to its streaming workbook reader (4.4.0; the fixing pull requests are not
// merged):
// - Multi-byte UTF-8: its parse-sax decodes each inflated chunk on its own, so a character split
//   between two chunks (Vietnamese ₫, ệ; Chinese) becomes "��" (exceljs issues #2063, #2084, #2316). The
//   replacement below is the same parser with one streaming TextDecoder per XML part. It is put in
//   Node's module cache before exceljs loads; a copy loaded earlier (a test's writer) is dropped
//   from the cache first, so the reader here always gets the fixed parser.
// - Lost entries: it walks the zip with unzipper's streaming Parse, which now and then ends before
//   the last entries (xl/workbook.xml is last in files exceljs writes): the read then fails with
//   "Cannot read properties of undefined (reading 'sheets')" (exceljs issue #3064; about 1 read in 300 here,
//   more on a busy machine). Our reader reads files by path from the central directory instead,
//   in dependency order (relations, workbook, shared strings, styles, then the sheets), as the
//   proposed fix (pull request #3065) does, each entry still inflated as a stream.
import { stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import type ExcelJSModule from 'exceljs'
import { entryStream, zipEntries, type ZipEntry } from './zip-guard.ts'

type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown }
interface SaxesLike {
  on(event: string, fn: (value: unknown) => void): void
  write(text: string): void
}

const require = createRequire(import.meta.url)
const main = require.resolve('exceljs')
const fromExceljs = createRequire(main)
const { SaxesParser } = fromExceljs('saxes') as { SaxesParser: new () => SaxesLike }
const { PassThrough } = fromExceljs('readable-stream') as {
  PassThrough: new () => NodeJS.ReadWriteStream
}

type Chunks = AsyncIterable<Uint8Array | string>

async function* parseSax(input: Chunks | NodeJS.ReadableStream): AsyncGenerator<SaxEvent[]> {
  // Old-style streams without async iteration are upgraded, as exceljs's own parser does.
  const old = !(Symbol.asyncIterator in input) ? (input as NodeJS.ReadableStream) : null
  const iterable = old ? (old.pipe(new PassThrough()) as unknown as Chunks) : (input as Chunks)
  const parser = new SaxesParser()
  const decoder = new TextDecoder('utf-8')
  let error: unknown = null
  let events: SaxEvent[] = []
  parser.on('error', (e) => (error = e))
  parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }))
  parser.on('text', (value) => events.push({ eventType: 'text', value }))
  parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }))
  for await (const chunk of iterable) {
    // stream: true keeps a split character's first bytes for the next chunk.
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
    if (error) throw error
    yield events
    events = []
  }
  const rest = decoder.decode()
  if (rest) {
    parser.write(rest)
    if (error) throw error
    yield events
  }
}

const lib = join(dirname(main), 'lib')
for (const key of Object.keys(require.cache))
  if (key === main || key.startsWith(`${lib}/`)) delete require.cache[key]
const parseSaxPath = join(lib, 'utils', 'parse-sax.js')
require.cache[parseSaxPath] = {
  id: parseSaxPath,
  filename: parseSaxPath,
  loaded: true,
  exports: parseSax,
  children: [],
  paths: [],
} as unknown as NodeJS.Module

export const ExcelJS = require('exceljs') as typeof ExcelJSModule

const iterateStream = fromExceljs('./lib/utils/iterate-stream.js') as (
  stream: Readable,
) => AsyncIterable<unknown>

/** The private steps of exceljs's WorkbookReader that its parse() runs for each kind of entry. */
interface ReaderSteps {
  input: unknown
  options: unknown
  _parseRels(entry: Readable): Promise<void>
  _parseWorkbook(entry: Readable): Promise<void>
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>
  _parseStyles(entry: Readable): Promise<void>
  _parseHyperlinks(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>
}

const SHEET_ENTRY = /^xl\/worksheets\/sheet(\d+)\.xml$/

async function* parseByDirectory(
  this: ReaderSteps,
  input?: unknown,
  options?: unknown,
): AsyncGenerator<unknown> {
  if (options) this.options = options
  const path = input ?? this.input
  if (typeof path !== 'string') throw new Error('this WorkbookReader reads xlsx files by path')
  const entries = await zipEntries(path, (await stat(path)).size)
  const named = new Map(entries.map((e) => [e.name, e]))
  const opened: Readable[] = []
  const open = async (e: ZipEntry) => {
    const s = await entryStream(path, e)
    opened.push(s)
    return s
  }
  try {
    const rels = named.get('xl/_rels/workbook.xml.rels')
    if (rels) await this._parseRels(await open(rels))
    const workbook = named.get('xl/workbook.xml')
    if (workbook) await this._parseWorkbook(await open(workbook))
    const strings = named.get('xl/sharedStrings.xml')
    if (strings) yield* this._parseSharedStrings(await open(strings))
    const styles = named.get('xl/styles.xml')
    if (styles) await this._parseStyles(await open(styles))
    const sheets = entries.flatMap((e) => {
      const no = SHEET_ENTRY.exec(e.name)?.[1]
      return no ? [{ e, no }] : []
    })
    for (const { e, no } of sheets.sort((a, b) => Number(a.no) - Number(b.no))) {
      const links = named.get(`xl/worksheets/_rels/sheet${no}.xml.rels`)
      if (links) yield* this._parseHyperlinks(iterateStream(await open(links)), no)
      yield* this._parseWorksheet(iterateStream(await open(e)), no)
    }
  } finally {
    // A reader left early (a preview's first rows) leaves no file open.
    for (const s of opened) s.destroy()
  }
}

;(
  ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as { parse: typeof parseByDirectory }
).parse = parseByDirectory
