// A write refused because what it was made on changed since it was read (HTTP 409 with the server's
// current record, or records for an action on several rows): EditConflictDialog with my change beside
// the server's. "Reload theirs" hands the server's record to the screen (a form refills, a grant
// dialog re-reads its checks); "keep mine" sends my change again on the server's version (and a
// newer change meanwhile opens the dialog again). The edit form, the profile page and the grant and
// setting dialogs share it.
import { useState } from 'react'
import { BladeHttpError } from '@/api/http'
import { logger } from '@/api/logger'
import type { EntityDef } from '@/domain/entity'
import { EditConflictDialog, type EditConflict } from './edit-conflict-dialog'
import type { Row } from '../entity-api'

const isRecord = (v: unknown): v is Row =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'version' in v

/** The current rows a 409 answered with, or null when the error is no stale-version refusal. */
export function staleRows(err: unknown): Row[] | null {
  if (!(err instanceof BladeHttpError) || err.code !== 409) return null
  const data = (err.data as { data?: unknown } | null)?.data
  if (isRecord(data)) return [data]
  if (Array.isArray(data) && data.length > 0 && data.every(isRecord)) return data
  return null
}

export interface ConflictOptions {
  /** The record's entity: the dialog's title and the fields' labels. */
  def: EntityDef
  /** The record as the server has it now, read after a 409 (the 409's own record when absent or failing). */
  refetch?: () => Promise<Row>
  /** Puts the server's record into what the user is editing. */
  onReload: (theirs: Row, rows: Row[]) => void
  /** Sends my change again; `rows` are the server's current rows (their versions go along). */
  save: (mine: Row, rows: Row[]) => Promise<void>
  /** The logger's name for a failed resend. */
  logAs: string
  /** What my change is when it is no fields of the record (EditConflictDialog's note). */
  note?: string
}

export function useConflict({ def, refetch, onReload, save, logAs, note }: ConflictOptions) {
  const [conflict, setConflict] = useState<(EditConflict & { rows: Row[] }) | null>(null)
  const [busy, setBusy] = useState(false)

  /** Opens the dialog when `err` refused `mine` as stale; false for any other error. */
  const caught = async (err: unknown, mine: Row): Promise<boolean> => {
    const rows = staleRows(err)
    if (!rows) return false
    // The row whose change refused the write names who changed it.
    const sent = rows.find((r) => typeof r.updateUserName === 'string') ?? rows[0]!
    let theirs = sent
    if (refetch) {
      try {
        theirs = await refetch()
      } catch {
        // The record the 409 carried is enough to decide on.
      }
    }
    setConflict({
      mine,
      theirs,
      by: typeof sent.updateUserName === 'string' ? sent.updateUserName : '',
      rows: rows.map((r) => (r.id === theirs.id ? { ...r, version: theirs.version } : r)),
    })
    return true
  }

  const reload = () => {
    if (!conflict) return
    onReload(conflict.theirs, conflict.rows)
    setConflict(null)
  }

  const keepMine = async () => {
    if (!conflict) return
    const mine = { ...conflict.mine, version: conflict.theirs.version }
    setBusy(true)
    try {
      await save(mine, conflict.rows)
      setConflict(null)
    } catch (err) {
      if (!(await caught(err, mine))) {
        logger.error(logAs, err)
        setConflict(null)
      }
    } finally {
      setBusy(false)
    }
  }

  const dialog = conflict ? (
    <EditConflictDialog
      def={def}
      conflict={conflict}
      busy={busy}
      onReload={reload}
      onKeepMine={() => void keepMine()}
      onCancel={() => setConflict(null)}
      note={note}
    />
  ) : null
  return { caught, dialog }
}
