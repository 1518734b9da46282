// The options a module passes to the generic CRUD routes, and what its write hooks receive. Types
// only, in their own module so the engine, its write path and access rules share them without a cycle.
import type { Access } from '../core/access.ts'
import type { AuthUser } from '../auth/context.ts'
import type { AppContext } from '../core/routes.ts'
import type { Sheet } from '../core/xlsx.ts'
import type { ScopeOptions } from './scope.ts'
import type { AnyDb, Row } from './table.ts'
import type { WriteState } from './write-state.ts'

export interface CrudOptions {
  /** Which of the generic routes to expose (default: all). */
  routes?: (
    'list' | 'page' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | 'export' | 'import'
  )[]
  /** Before a write is stored, in its transaction (computed fields, uniqueness checks). Throw BladeError to refuse. */
  beforeWrite?: (w: WriteContext) => Promise<void> | void
  /** After a write, in the same transaction (rows that belong with it); row is the stored row, camelCase. */
  afterWrite?: (w: WriteContext & { row: Row }) => Promise<void> | void
  /**
   * After each chunk of an import (`<api>/import`) is written, in the chunk's transaction (the import
   * also calls `beforeWrite` per row, but not `afterWrite`): `rows` as stored now (camelCase), and
   * `previous` the rows those updated as they were before (summaries kept per month follow both).
   */
  afterImport?: (b: {
    ctx: AppContext
    trx: AnyDb
    user: AuthUser
    rows: Row[]
    previous: Row[]
    /** The import transaction's, which its rows' beforeWrite were given. */
    state: WriteState
  }) => Promise<void> | void
  /**
   * Before an import (and its preview) reads the file: the values the request gives every row
   * (ImportSpec.given), e.g. the statement must be the caller's. Throw BladeError to refuse.
   */
  beforeImport?: (b: { ctx: AppContext; user: AuthUser; given: Row }) => Promise<void> | void
  /**
   * beforeWrite reads rows an import wrote earlier in the same file (a product combo names singles
   * listed above it): the import then inserts row by row instead of one statement per chunk.
   */
  importInOrder?: boolean
  /**
   * beforeWrite may refuse a row the file's check passed (a combo naming a SKU that is nowhere): the
   * whole import is then written in one transaction, so a refusal leaves nothing written. Off for
   * the large files (TK orders, gifts) whose hooks cannot refuse a checked row: those commit per chunk.
   */
  importAtomic?: boolean
  /**
   * At the start of each import chunk's transaction, before its keys are looked up: lock what the
   * module's beforeWrite would lock row by row (PostgreSQL advisory locks of the chunk's keys, taken
   * in one statement, in a fixed order). beforeWrite then runs with `importKeyChecked`.
   */
  lockImportKeys?: (b: {
    ctx: AppContext
    trx: AnyDb
    tenantId: string
    inputs: Row[]
  }) => Promise<void>
  /** Before a remove, in its transaction (locks taken in the same order as writes take them). */
  beforeRemove?: (r: RemoveContext) => Promise<void> | void
  /** After a remove, in the same transaction (totals that follow the removed rows). */
  afterRemove?: (r: RemoveContext) => Promise<void> | void
  /** Before a restore (the undo of a delete), in its transaction: the same checks and locks as a write's. */
  beforeRestore?: (r: RemoveContext) => Promise<void> | void
  /**
   * After a restore, in the same transaction: what afterRemove took along (lines, totals) comes back.
   * `ids` are the rows that did come back. An entity whose remove has an afterRemove needs one.
   */
  afterRestore?: (r: RemoveContext) => Promise<void> | void
  /** Sheets an export adds after the rows' own (an order export's item lines); `rows` are the exported rows. */
  exportSheets?: (e: { ctx: AppContext; user: AuthUser; rows: Row[] }) => Promise<Sheet[]>
  /** Who may read (list, detail, export); default: the entity's menu code. */
  readAccess?: Access
  /** Buttons any one of which allows every write (create and update) instead of `<prefix>_add|_edit`. */
  writeButtons?: string[]
  /** Other menus' button prefixes that also write this entity (the KOL list writes KOL files). */
  writeAlso?: string[]
  /** Single buttons that also allow an update (a quotation's negotiate button). */
  editAlso?: string[]
  /** Extra equality conditions on every read and write of this entity for this caller. */
  restrict?: ScopeOptions['restrict']
}

export interface WriteContext {
  ctx: AppContext
  trx: AnyDb
  user: AuthUser
  /** Columns about to be written (snake_case keys). */
  values: Row
  existing: Row | null
  input: Row
  /**
   * Set for an import row of a module with lockImportKeys: its key was matched against the tenant's
   * live rows in this transaction under those locks (and is unique in the file), so the row's key
   * check and lock, a query or two per row, may be skipped.
   */
  importKeyChecked?: boolean
  /**
   * What this write's hooks hand each other (beforeWrite to afterWrite), made per write. The rows
   * of an import share their transaction's: what beforeWrite checked once holds for the rows after.
   */
  state: WriteState
}

/** What remove and restore hooks receive; `state` is shared by the before and after hook of one remove (or restore). */
interface RemoveContext {
  ctx: AppContext
  trx: AnyDb
  user: AuthUser
  ids: string[]
  state: WriteState
}
