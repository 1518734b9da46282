// A small xlsx writer for exports: one sheet or a few, numbers as numbers, dates as date cells with a number
// format, everything else as inline text (so `=1+1` stays text, never a formula). fflate does the
// zip. Files are READ by server/crud/import/read-sheet.ts (exceljs, csv-parse), never here.
import { strToU8, zipSync } from 'fflate'

const esc = (s: string) =>
  s
    .replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '') // eslint-disable-line no-control-regex -- XML 1.0 forbids these characters

function colName(i: number): string {
  let s = ''
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

/** A date cell: the wall-clock 'yyyy-MM-dd[ HH:mm:ss]' text, written as an Excel date serial. */
interface DateCell {
  date: string
}

export type Cell = string | number | DateCell | null | undefined

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/

/** 'yyyy-MM-dd HH:mm:ss' → a date cell, or the text itself when it is no date. */
export function dateCell(text: string | null | undefined): Cell {
  if (!text) return ''
  return DATE_TEXT.test(text) ? { date: text } : text
}

/** Excel's day number (days since 1899-12-30) of a wall-clock date and time, and whether it has a time. */
function serialOf(text: string): { serial: number; withTime: boolean } | null {
  const m = DATE_TEXT.exec(text)
  if (!m) return null
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((p) => p ?? '0')
  const ms =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) -
    Date.UTC(1899, 11, 30)
  return { serial: ms / 86400000, withTime: m[4] !== undefined }
}

// Style 1: a date, style 2: a date and time (custom number formats 164 and 165).
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>'

function cellXml(v: Cell, ref: string): string {
  if (v === null || v === undefined || v === '') return ''
  if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : ''
  if (typeof v === 'object') {
    const d = serialOf(v.date)
    if (d) return `<c r="${ref}" s="${d.withTime ? 2 : 1}"><v>${d.serial}</v></c>`
    v = v.date
  }
  // Inline strings are text whatever they look like: "=SUM(A1)", "+84", "-5" or "@x" are never evaluated.
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(String(v))}</t></is></c>`
}

/** One sheet of a workbook: its name, header row and rows. */
export interface Sheet {
  name: string
  header: string[]
  rows: Cell[][]
}

const sheetNameOf = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31)

function sheetXml({ header, rows }: Sheet): string {
  const line = (cells: Cell[], r: number) =>
    `<row r="${r}">${cells.map((v, c) => cellXml(v, `${colName(c)}${r}`)).join('')}</row>`
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${[header, ...rows].map((r, i) => line(r, i + 1)).join('')}</sheetData></worksheet>`
}

export function writeXlsx(sheetName: string, header: string[], rows: Cell[][]): Uint8Array {
  return writeWorkbook([{ name: sheetName, header, rows }])
}

/** A workbook of one or more sheets (an export with its detail lines, a template with its notes). */
export function writeWorkbook(sheets: Sheet[]): Uint8Array {
  // Excel refuses two sheets of one name.
  const names: string[] = []
  for (const s of sheets) {
    let name = sheetNameOf(s.name) || `Sheet${names.length + 1}`
    for (let n = 2; names.includes(name); n++) name = `${sheetNameOf(s.name).slice(0, 28)} ${n}`
    names.push(name)
  }
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('')
  const sheetList = names
    .map((name, i) => `<sheet name="${esc(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('')
  const rels = sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join('')
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheetList}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(STYLES),
  }
  sheets.forEach((s, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(s))))
  return zipSync(files, { level: 6 })
}
