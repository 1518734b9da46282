// Optimistic concurrency in the edit form: the save carries the version the form was opened with;
// a 409 with the server's current record opens EditConflictDialog. "Reload theirs" refills the form
// with the server's record (its detail: an order's lines, names) and its version; "keep mine" sends
// my values again on that version (and a newer change meanwhile opens the dialog again).
import type { UseFormReturnType } from '@mantine/form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { BladeHttpError } from '@/api/http'
import { logger } from '@/api/logger'
import type { EntityDef } from '@/domain/entity'
import { EditConflictDialog, type EditConflict } from './edit-conflict-dialog'
import { entityQueries, type Row } from './entity-api'
import { toFormValues, type FormMode, type FormValues } from './form-values'

/**
 * The record an edit form opens with, read from the server when the form opens: a cached detail may
 * be older than a change made since (here or elsewhere), and its version would make the save a
 * conflict. Offline, the cached one is used.
 */
export function useEditedRecord(def: EntityDef, id: string | undefined, enabled: boolean) {
  const detail = useQuery({ ...entityQueries(def).detail(id ?? ''), enabled, refetchOnMount: 'always' })
  const ready = !!detail.data && (detail.isFetchedAfterMount || detail.isError || detail.fetchStatus === 'paused')
  return { data: detail.data, ready }
}

/** The current record a 409 answered with, or null when the error is no stale-version refusal. */
function staleRecord(err: unknown): Row | null {
  if (!(err instanceof BladeHttpError) || err.code !== 409) return null
  const data = (err.data as { data?: unknown } | null)?.data
  return data && typeof data === 'object' && 'version' in data ? (data as Row) : null
}

interface Options {
  def: EntityDef
  mode: FormMode
  id?: string
  /** The record the form was opened with. */
  record: Row
  form: UseFormReturnType<FormValues>
  /** Sends a body and finishes the save (toast, close); throws what the server refused. */
  save: (body: Row) => Promise<void>
}

export function useEditConflict({ def, mode, id, record, form, save }: Options) {
  const client = useQueryClient()
  const [version, setVersion] = useState(record.version)
  const [conflict, setConflict] = useState<EditConflict | null>(null)
  const [busy, setBusy] = useState(false)

  /** The body with the version the form holds (edits of versioned records only). */
  const withVersion = (body: Row): Row => (mode === 'edit' && version !== undefined && version !== null && version !== '' ? { ...body, version } : body)

  /** Opens the dialog when `err` refused `mine` as stale; false for any other error. */
  const caught = async (err: unknown, mine: Row): Promise<boolean> => {
    const sent = staleRecord(err)
    if (!sent) return false
    let theirs = sent
    if (id) {
      try {
        theirs = await client.fetchQuery({ ...entityQueries(def).detail(id), staleTime: 0 })
      } catch {
        // The record the 409 carried is enough to decide on.
      }
    }
    setConflict({ mine, theirs, by: typeof sent.updateUserName === 'string' ? sent.updateUserName : '' })
    return true
  }

  const reload = () => {
    if (!conflict) return
    const values = toFormValues(def, mode, conflict.theirs)
    form.setValues(values)
    form.resetDirty(values)
    setVersion(conflict.theirs.version)
    setConflict(null)
  }

  const keepMine = async () => {
    if (!conflict) return
    const body = { ...conflict.mine, version: conflict.theirs.version }
    setBusy(true)
    try {
      setVersion(conflict.theirs.version)
      await save(body)
      setConflict(null)
    } catch (err) {
      if (!(await caught(err, body))) {
        logger.error(`crud-submit:${def.name}`, err)
        setConflict(null)
      }
    } finally {
      setBusy(false)
    }
  }

  const dialog = conflict ? <EditConflictDialog def={def} conflict={conflict} busy={busy} onReload={reload} onKeepMine={() => void keepMine()} onCancel={() => setConflict(null)} /> : null
  return { withVersion, caught, dialog }
}
