// Optimistic concurrency in the edit form: the save carries the version the form was opened with;
// a 409 with the server's current record opens the conflict dialog
// (src/crud/conflict/use-conflict.tsx). "Reload theirs" refills the form with the server's record
// (its detail: an order's lines, names) and its version; "keep mine" sends my values again on that
// version.
import type { UseFormReturnType } from '@mantine/form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { EntityDef } from '@/domain/entity'
import { useConflict } from '../conflict/use-conflict'
import { entityQueries, type Row } from '../entity-api'
import { toFormValues, type FormMode, type FormValues } from './form-values'

/**
 * The record an edit form opens with, read from the server when the form opens: a cached detail may
 * be older than a change made since (here or elsewhere), and its version would make the save a
 * conflict. Offline, the cached one is used.
 */
export function useEditedRecord(def: EntityDef, id: string | undefined, enabled: boolean) {
  const detail = useQuery({
    ...entityQueries(def).detail(id ?? ''),
    enabled,
    refetchOnMount: 'always',
  })
  const ready =
    !!detail.data &&
    (detail.isFetchedAfterMount || detail.isError || detail.fetchStatus === 'paused')
  return { data: detail.data, ready }
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

  /** The body with the version the form holds (edits of versioned records only). */
  const withVersion = (body: Row): Row =>
    mode === 'edit' && version !== undefined && version !== null && version !== ''
      ? { ...body, version }
      : body

  const { caught, dialog } = useConflict({
    def,
    logAs: `crud-submit:${def.name}`,
    refetch: id
      ? () => client.fetchQuery({ ...entityQueries(def).detail(id), staleTime: 0 })
      : undefined,
    onReload: (theirs) => {
      const values = toFormValues(def, mode, theirs)
      form.setValues(values)
      form.resetDirty(values)
      setVersion(theirs.version)
    },
    save: async (body) => {
      setVersion(body.version)
      await save(body)
    },
  })
  return { withVersion, caught, dialog }
}
