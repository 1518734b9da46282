// A csv file of more rows than one import takes is refused before its rows are parsed and checked
// (which takes a minute at 200,000 rows): its line breaks, counted in one quick read, bound its rows
// from above; only a file with more line breaks than the limit is counted row by row (a quoted cell
// may hold line breaks). xlsx files are refused by the row parse, as before.
import { createReadStream } from 'node:fs'
import { badRequest } from '../../core/envelope.ts'
import { MAX_IMPORT_ROWS, MSG_TOO_MANY_ROWS } from './limits.ts'
import { isBlank } from './parse-rows.ts'
import { sheetRows } from './read-sheet.ts'
import type { SheetFile } from './upload.ts'

async function lineBreaks(path: string): Promise<number> {
  let n = 0
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) n++
  }
  return n
}

export async function refuseTooManyRows(file: SheetFile): Promise<void> {
  if (file.kind !== 'csv' || (await lineBreaks(file.path)) <= MAX_IMPORT_ROWS) return
  let rows = -1 // the header row is no data
  for await (const { cells } of sheetRows(file)) {
    if (!isBlank(cells) && ++rows > MAX_IMPORT_ROWS) throw badRequest(MSG_TOO_MANY_ROWS)
  }
}
