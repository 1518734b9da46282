// The entity declaration: each entity is described ONCE here, and both the server (validation,
// generic list/detail/submit/remove/export endpoints, filters) and the app (search panel, table,
// forms, view, formatting) are driven by it. Isomorphic: no DOM, no Node, nothing from the app.
// The shape follows the code generator's model prototype (isList, isForm, isQuery, queryType,
// componentType, dictCode...).
import type { MessageDescriptor } from '@lingui/core'

/** The code generator's queryType set, and the list filters' operator suffixes (docs/contract.md §4). */
export const QUERY_TYPES = [
  'equal',
  'notequal',
  'gt',
  'ge',
  'lt',
  'le',
  'between',
  'like',
  'likeleft',
  'likeright',
] as const
export type QueryType = (typeof QUERY_TYPES)[number]

export type ComponentType =
  | 'input'
  | 'textarea'
  | 'editor'
  | 'select'
  | 'tree'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'daterange'
  | 'number'
  | 'upload'
  | 'password'
  | 'rows'

/** How a value travels and is stored. ids are 64-bit decimal strings; dates are 'yyyy-MM-dd[ HH:mm:ss]'. */
type ValueType =
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'month'
  | 'id'
  | 'ids'
  /** A list of sub-records (e.g. a quotation's schedule rows), described by `rows`; stored as JSON text. */
  | 'rows'

/** Where a select's options come from. */
export type OptionSource =
  /**
   * Plain dictionary: GET /blade-system/dict/dictionary?code= (dictValue / dictKey); with `prefix`,
   * each value is the key behind it (a process category is `flow_` + the `flow` dictionary's key).
   */
  | { kind: 'dict'; code: string; prefix?: string }
  /** Business dictionary: GET /blade-system/dict-biz/dictionary?code=. */
  | { kind: 'dictBiz'; code: string }
  /** Business dictionary child list with a fixed parent (bank, brand): page 1, size 20. */
  | { kind: 'dictBizChild'; code: string; size?: number }
  /** A TreeNode endpoint (title / value), e.g. /blade-system/dept/tree. */
  | { kind: 'tree'; url: string }
  /**
   * A plain list endpoint with named label and value fields; with `labelEn`, the label field when
   * the UI language is English (each falls back to the other when empty: fee options).
   */
  | { kind: 'select'; url: string; label: string; value: string; labelEn?: string }
  | { kind: 'static'; options: { value: string | number; label: MessageDescriptor }[] }

/** Display formats of docs/product.md §9. */
export type DisplayFormat =
  'vnd' | 'w' | 'percent' | 'minutes' | 'kFollowers' | 'kb' | 'sku' | 'floor' | 'percent2'

export interface FieldDef {
  /** camelCase property name, as on the wire. */
  name: string
  label: MessageDescriptor
  type: ValueType
  /** Form component; derived from type and options when absent. */
  component?: ComponentType
  /** Required, with its own message (or the generic one when true). */
  required?: MessageDescriptor | true
  /** Required only when another field has this value (e.g. the YAML config of a sharding data source). */
  requiredWhen?: { field: string; equals: string | number }
  /** Numbers: value bounds. Strings: length bounds. Rows: max = the most rows. */
  min?: number
  max?: number
  maxLength?: number
  pattern?: { regex: string; message: MessageDescriptor }
  /** Extra message shown when min/max is exceeded. */
  rangeMessage?: MessageDescriptor
  options?: OptionSource
  /** Multi-valued: dictionary keys or ids joined with commas (docs/product.md §9). */
  multiple?: boolean
  /** In the table (default true); 'hidden': a column the user may show, hidden until they do (Avue's `hide`). */
  list?: boolean | 'hidden'
  /** In the search panel with this query type (false/absent: not searchable). */
  search?: QueryType
  /** In add/edit forms (default true); 'add' or 'edit' to limit. */
  form?: boolean | 'add' | 'edit'
  /** In the view dialog (default true). */
  view?: boolean
  /** Computed by the server: never written from a request. */
  readOnly?: boolean
  /**
   * false: set when the record is made (add form or import), then shown but not changed in the edit
   * form, and an update through submit/update keeps the stored value (the employee's
   * dmrEmpBirthday, docs/product.md §3).
   */
  editable?: false
  /** Write-only: never in a list, detail or export (passwords, keys). An update that leaves it empty keeps it. */
  secret?: boolean
  defaultValue?: string | number | boolean
  /** A valid sample value (form placeholders and the generated contract tests). */
  example?: string | number
  format?: DisplayFormat
  sortable?: boolean
  /** Column width in the table (px). */
  width?: number
  /** Form grid span (of 24). */
  span?: number
  /** This field opens a group of the form under this heading, up to the next field with one (Avue's group). */
  group?: MessageDescriptor
  /** Database column (snake_case) when it differs from the snake_case of name. */
  column?: string
  /** Shown in forms only when another field has one of these values; hidden fields are not validated. */
  visibleWhen?: { field: string; equals: string | number | (string | number)[] }
  /** type 'rows': the fields of each sub-record. */
  rows?: FieldDef[]
  /**
   * Not a column of the entity's table: its server module keeps it elsewhere (an order's lines, in a
   * table of their own). Never a list filter or sort; the generic write leaves it to the module.
   */
  external?: boolean
  /**
   * type 'rows' kept in a table of their own, one row per line (a master with its detail rows):
   * `owner` is that table's column holding the master's id; with `tenant` it has a tenant_id, set
   * to the master's. The field is `external`; the generic engine writes the lines with the master
   * (a save with the field replaces them), answers them in its detail, and leaves them while the
   * master is soft-deleted, so that an undo finds them.
   */
  lines?: { table: string; owner: string; tenant?: boolean }
  /**
   * false: no column holds it; the entity's own server module works it out for each answer (a
   * user's role names, a month's sums and rates). Custom entities only: the generic engine reads,
   * filters and sorts every other field by its column (tests/contract/storage-schema.test.ts).
   */
  stored?: false
}

export interface LayoutOptions {
  menu?: boolean
  menuWidth?: number
  menuAlign?: 'left' | 'center' | 'right'
  add?: boolean
  edit?: boolean
  view?: boolean
  del?: boolean
  readOnly?: boolean
  /** false: no export even for those who may view (a list its server answers without an export). */
  export?: boolean
  index?: boolean
  selection?: boolean
  searchSpan?: number
  border?: boolean
  /**
   * Search date ranges default to yesterday through today (docs/product.md §2; today's rows stay in
   * view), or to this month (reports).
   */
  defaultDateRange?: 'yesterday' | 'month'
}

/** One field filled from an imported file: the headers that fill it, matched case- and space-insensitively. */
export interface ImportColumn {
  field: string
  /** The first is the template's header; the others are accepted aliases (e.g. the Chinese label). */
  headers: string[]
  /** The file must have this column (a missing one refuses the whole file). */
  required?: boolean
}

/** How rows are imported from an xlsx or csv file: the same file twice changes nothing. */
interface ImportSpec {
  /** Fields whose values identify a row within the tenant: a row with a known key updates it. */
  key: string[]
  columns: ImportColumn[]
  /** A datetime field stamped with the time of the import. */
  stamp?: string
  /**
   * Fields the request gives once for the whole file (a query or form parameter of the upload, e.g.
   * the statement bank lines go into): required, checked, and part of every row.
   */
  given?: string[]
  /**
   * A field the import fills with a fingerprint of the row's file values and its place among equal
   * rows of the file (for rows without an id of their own, such as bank lines): with it in `key`,
   * the same file twice changes nothing, while equal rows of one file stay apart.
   */
  fingerprint?: string
  /** A row whose key is known is left as it is (a line imported before may have been corrected since). */
  keepExisting?: boolean
}

export interface EntityDef {
  /** Registry key, e.g. 'param'. */
  name: string
  title: MessageDescriptor
  /** API base path without /api, e.g. '/blade-system/param'. */
  api: string
  /** Database table, snake_case. */
  table: string
  /** Rows belong to a tenant (tenant_id, filtered in one place). */
  tenant: boolean
  /** BaseEntity columns (create/update user and time, status, is_deleted). */
  base: boolean
  /** Soft delete through is_deleted. */
  softDelete: boolean
  /**
   * false: a delete cannot be undone (`<api>/restore`). Soft-deleted entities restore otherwise; the
   * server's afterRestore brings back what their remove takes along (order lines, salary rows, totals).
   */
  restore?: false
  /**
   * Fields whose values together name one live row (of the tenant, for a tenant entity), as the
   * module's own write checks keep them: a restore that would bring back a second one is refused.
   */
  unique?: readonly (readonly string[])[]
  fields: FieldDef[]
  defaultSort?: { field: string; dir: 'asc' | 'desc' }[]
  /** Button code prefix: `<prefix>_add`, `_edit`, `_delete`, `_view`, `_export`; also the menu code. */
  permission: string
  /** Button prefix that guards writes when it differs from `permission` (count lines are written by whoever may edit counts). */
  writePermission?: string
  /**
   * Tree entities: the parent field ('parentId'); for generic (not custom) ones also the field that
   * names a node in the tree picker, and the engine answers `tree` and `lazy-list` beside `list`.
   */
  tree?: { parent: string; label?: string }
  /** The key field when it is not 'id' (regions are keyed by 'code'). */
  key?: string
  /** Its endpoints are written by hand in a server module (same paths and shapes), not generated. */
  custom?: boolean
  layout?: LayoutOptions
  /** Rows can be imported from a file (`<api>/import`, `import-template`); button `<permission>_import`. */
  import?: ImportSpec
}

export function defineEntity<const E extends EntityDef>(def: E): E {
  return def
}

/** The entity's deletes can be undone through `<api>/restore` (the generic endpoints only). */
export function canRestore(def: Pick<EntityDef, 'softDelete' | 'restore' | 'custom'>): boolean {
  return def.softDelete && def.restore !== false && !def.custom
}

export function fieldsOf(def: EntityDef, where: 'list' | 'form' | 'view' | 'search'): FieldDef[] {
  switch (where) {
    case 'list':
      return def.fields.filter((f) => f.list !== false && !f.secret)
    case 'form':
      return def.fields.filter((f) => f.form !== false && !f.readOnly)
    case 'view':
      return def.fields.filter((f) => f.view !== false && !f.secret)
    case 'search':
      return def.fields.filter((f) => !!f.search)
  }
}

/** The fields an export may write: the list's columns, shown or hidden, without the id. */
export const exportFieldsOf = (def: EntityDef): FieldDef[] =>
  fieldsOf(def, 'list').filter((f) => f.name !== 'id')

export function componentOf(f: FieldDef): ComponentType {
  if (f.component) return f.component
  if (f.options) return f.options.kind === 'tree' ? 'tree' : 'select'
  switch (f.type) {
    case 'rows':
      return 'rows'
    case 'text':
      return 'textarea'
    case 'integer':
    case 'number':
      return 'number'
    case 'boolean':
      return 'switch'
    case 'date':
    case 'month':
      return 'date'
    case 'datetime':
      return 'datetime'
    default:
      return 'input'
  }
}

/** On a read record: the names of its write-only fields that hold a value (their values are never sent). */
export const SECRETS_SET = 'secretsSet'

/** A write-only field left empty on an update keeps its stored value. */
export function keepsStoredSecret(f: FieldDef, value: unknown, mode: 'add' | 'edit'): boolean {
  return mode === 'edit' && !!f.secret && (value === undefined || value === null || value === '')
}

/** snake_case column of a field. */
export function columnOf(f: Pick<FieldDef, 'name' | 'column'>): string {
  return f.column ?? f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}
