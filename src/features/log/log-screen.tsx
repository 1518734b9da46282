// The three log lists (usual, api, error): the generic read-only lists, with the long values of
// the view dialog (request data, stack trace, log data) in wrapped monospace blocks, full width.
import { Code } from '@mantine/core'
import { CrudScreen } from '@/crud/crud-screen'
import type { CellRenderer } from '@/crud/cells/crud-cell'
import type { EntityDef } from '@/domain/entity'

/** Shown as code blocks (none of them is a table column). */
const BLOCK_FIELDS = ['params', 'stackTrace', 'logData']
const WIDE_FIELDS = [...BLOCK_FIELDS, 'message', 'userAgent', 'requestUri']

const block: CellRenderer = (_row, value) =>
  value === null || value === undefined || value === '' ? (
    ''
  ) : (
    <Code
      data-testid="log-block"
      style={{
        display: 'block',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        maxHeight: 360,
        overflow: 'auto',
        padding: 8,
      }}
    >
      {String(value)}
    </Code>
  )

/** The declaration with its long fields spanning the whole view dialog. */
export function readable(def: EntityDef): EntityDef {
  return {
    ...def,
    fields: def.fields.map((f) => (WIDE_FIELDS.includes(f.name) ? { ...f, span: 24 } : f)),
  }
}

export function LogScreen({ def }: { def: EntityDef }) {
  return (
    <CrudScreen
      entity={def}
      slots={{ cells: Object.fromEntries(BLOCK_FIELDS.map((n) => [n, block])) }}
    />
  )
}
