// The data rows of an import file as field values: the header row found and mapped, each mapped
// cell parsed by its field's type, the request's given values and the row's fingerprint added (see
// ImportSpec), and the record validated as a submit would be. Streams: the file is read twice
// (checked, then written), never held whole.
import { createHash } from 'node:crypto'
import type { EntityDef, FieldDef } from '../../../src/domain/entity.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import { validateRecord } from '../../../src/domain/validate.ts'
import { badRequest } from '../../core/envelope.ts'
import type { Labels } from '../labels.ts'
import type { Row } from '../table.ts'
import { mapHeaders, type HeaderMapping } from './headers.ts'
import { MAX_IMPORT_ROWS, MSG_EMPTY, MSG_TOO_MANY_ROWS } from './limits.ts'
import type { RowError } from './progress.ts'
import { cellText, sheetRows, type SheetCell } from './read-sheet.ts'
import type { SheetFile } from './upload.ts'
import { parseCell } from './values.ts'

export interface ParsedRow {
  /** The row's number in the file. */
  line: number
  /** Field values (camelCase) of the columns the file has. */
  input: Row
  /** The cells as the file has them (the preview shows them beside the values). */
  errors: RowError[]
}

export const isBlank = (cells: SheetCell[]) =>
  cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))

/** A new record's values: the declared defaults of the fields the file does not carry. */
export function withDefaults(def: EntityDef, input: Row): Row {
  const out: Row = {}
  for (const f of def.fields)
    if (f.defaultValue !== undefined && !(f.name in input)) out[f.name] = f.defaultValue
  return { ...out, ...input }
}

/**
 * The fingerprint of a row's file values: a hash of them with the count of equal rows above it, so
 * the n-th of several equal lines gets the same fingerprint in every import of the file.
 */
function fingerprinter(def: EntityDef): (input: Row) => string {
  const seen = new Map<string, number>()
  const fields = def.import!.columns.map((c) => c.field)
  return (input) => {
    const values = JSON.stringify(
      fields.map((f) => (input[f] === undefined || input[f] === null ? '' : String(input[f]))),
    )
    const n = (seen.get(values) ?? 0) + 1
    seen.set(values, n)
    return `${createHash('sha256').update(values).digest('hex').slice(0, 40)}:${n}`
  }
}

/**
 * A dictionary field's cell as its key: the file may name the option by its label (男, Vietcombank)
 * as the template's example does, or give the key itself.
 */
function dictKeyOf(labels: Labels, field: FieldDef, cell: SheetCell): SheetCell {
  const map = labels.get(field.name)
  if (!map || typeof cell !== 'string' || field.multiple) return cell
  const text = cell.trim()
  if (map.has(text)) return cell
  for (const [key, label] of map) if (label === text) return key
  return cell
}

/**
 * Rows of the file; onHeader sees the mapping first (and may throw). `given`: the values the request
 * gives every row (ImportSpec.given); `labels`: the dictionary fields' options (labels.ts). Refuses more than MAX_IMPORT_ROWS.
 */
export async function* parsedRows(
  def: EntityDef,
  file: SheetFile,
  onHeader: (m: HeaderMapping) => void,
  given: Row = {},
  labels: Labels = new Map(),
): AsyncGenerator<ParsedRow> {
  const fingerprint = def.import!.fingerprint ? fingerprinter(def) : null
  let mapping: HeaderMapping | null = null
  let headerOf = new Map<string, string>()
  let fields: { index: number; header: string; field: FieldDef }[] = []
  let count = 0
  for await (const { line, cells } of sheetRows(file)) {
    if (isBlank(cells)) continue
    if (!mapping) {
      mapping = mapHeaders(def, cells.map(cellText))
      onHeader(mapping)
      fields = mapping.columns
        .filter((c) => c.field)
        .map((c) => ({
          index: c.index,
          header: c.header,
          field: def.fields.find((f) => f.name === c.field)!,
        }))
      headerOf = new Map(fields.map((c) => [c.field.name, c.header]))
      continue
    }
    if (++count > MAX_IMPORT_ROWS) throw badRequest(MSG_TOO_MANY_ROWS)
    const input: Row = {}
    const errors: RowError[] = []
    for (const { index, header, field } of fields) {
      const parsed = parseCell(field, dictKeyOf(labels, field, cells[index] ?? null))
      if (parsed.error !== undefined)
        errors.push({
          row: line,
          column: header,
          message: `${parsed.error}: ${cellText(cells[index] ?? null)}`,
        })
      else input[field.name] = parsed.value
    }
    // Declared defaults first: a file without the optional column and one that fills it alike agree.
    if (fingerprint) input[def.import!.fingerprint!] = fingerprint(withDefaults(def, input))
    Object.assign(input, given)
    if (errors.length === 0) {
      for (const e of validateRecord(def, withDefaults(def, input), 'add')) {
        const f = def.fields.find((x) => x.name === e.field)
        errors.push({
          row: line,
          column: headerOf.get(e.field) ?? (f ? sourceText(f.label) : e.field),
          message: sourceText(e.message),
        })
      }
    }
    yield { line, input, errors }
  }
  if (!mapping || count === 0) throw badRequest(MSG_EMPTY)
}

/** The key of a row: its key fields' values as text. */
export const keyOf = (def: EntityDef, input: Row): string =>
  JSON.stringify(
    def.import!.key.map((k) =>
      input[k] === null || input[k] === undefined ? '' : String(input[k]),
    ),
  )
