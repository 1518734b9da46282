// exceljs with its streaming XML reader fixed for multi-byte UTF-8: exceljs 4.4's parse-sax decodes
// each inflated chunk on its own, so a character split between two chunks (Vietnamese ₫, ệ; Chinese)
// becomes "��" (exceljs issues #2063, #2084, #2316; the fixing pull requests are not merged). The
// replacement below is the same parser with one streaming TextDecoder per XML part. It is put in
// Node's module cache before exceljs loads; a copy loaded earlier (a test's writer) is dropped from
// the cache first, so the reader here always gets the fixed parser.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type ExcelJSModule from 'exceljs'

type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown }
interface SaxesLike {
  on(event: string, fn: (value: unknown) => void): void
  write(text: string): void
}

const require = createRequire(import.meta.url)
const main = require.resolve('exceljs')
const fromExceljs = createRequire(main)
const { SaxesParser } = fromExceljs('saxes') as { SaxesParser: new () => SaxesLike }
const { PassThrough } = fromExceljs('readable-stream') as { PassThrough: new () => NodeJS.ReadWriteStream }

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
for (const key of Object.keys(require.cache)) if (key === main || key.startsWith(`${lib}/`)) delete require.cache[key]
const parseSaxPath = join(lib, 'utils', 'parse-sax.js')
require.cache[parseSaxPath] = { id: parseSaxPath, filename: parseSaxPath, loaded: true, exports: parseSax, children: [], paths: [] } as unknown as NodeJS.Module

export const ExcelJS = require('exceljs') as typeof ExcelJSModule
