// Export: GET {api}/export with the list's filters as an xlsx Blob, then a download through an object
// URL. The state drives the progress indicator (waiting, then rows and size when done).
import { useState } from 'react'
import { logger } from '@/api/logger'
import type { EntityDef } from '@/domain/entity'
import { exportBlob, type ListParams } from './entity-api'

export type ExportState = { status: 'idle' } | { status: 'running' } | { status: 'done'; bytes: number; rows: number }

/** Saves a Blob (an xlsx) through an object URL. */
export function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Revoked after the click has handed the URL to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function useExport(def: EntityDef, fileName: string) {
  const [state, setState] = useState<ExportState>({ status: 'idle' })
  const run = async (filters: ListParams, rows: number) => {
    setState({ status: 'running' })
    try {
      const blob = await exportBlob(def, filters)
      download(blob, `${fileName}.xlsx`)
      setState({ status: 'done', bytes: blob.size, rows })
    } catch (err) {
      logger.error(`crud-export:${def.name}`, err)
      setState({ status: 'idle' })
    }
  }
  return { state, run, clear: () => setState({ status: 'idle' }) }
}
