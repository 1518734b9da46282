// Export: GET {api}/export with the list's filters as an xlsx Blob, then a download through an object
// URL. The state drives the progress indicator (waiting, then rows and size when done). An iOS
// home-screen app cannot save a Blob that way: it opens the export's URL, with a download ticket.
import { useState } from 'react'
import { ticketUrl } from '@/api/download-ticket'
import { logger } from '@/api/logger'
import type { EntityDef } from '@/domain/entity'
import { exportBlob, urlOf, type ListParams } from '../entity-api'

export type ExportState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; bytes: number; rows: number }
  | { status: 'opened'; rows: number }

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

/** iOS standalone (home-screen) web apps, where a Blob download through an object URL does nothing. */
export function opensDownloadsByUrl(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true
}

/** What is exported: an entity, or any list endpoint whose `<api>/export` answers its xlsx. */
export type ExportSource = Pick<EntityDef, 'name' | 'api'>

export function useExport(def: ExportSource, fileName: string) {
  const [state, setState] = useState<ExportState>({ status: 'idle' })
  const fail = (err: unknown) => {
    logger.error(`crud-export:${def.name}`, err)
    setState({ status: 'idle' })
  }
  const openByUrl = async (filters: ListParams, rows: number) => {
    // Opened in the tap itself (a window opened after an await is blocked), pointed at the file later.
    const tab = window.open('', '_blank')
    setState({ status: 'running' })
    try {
      const url = await ticketUrl(urlOf(def, 'export'), filters)
      if (tab) tab.location.href = url
      else window.location.assign(url)
      setState({ status: 'opened', rows })
    } catch (err) {
      tab?.close()
      fail(err)
    }
  }
  const run = async (filters: ListParams, rows: number) => {
    if (opensDownloadsByUrl()) return openByUrl(filters, rows)
    setState({ status: 'running' })
    try {
      const blob = await exportBlob(def, filters)
      download(blob, `${fileName}.xlsx`)
      setState({ status: 'done', bytes: blob.size, rows })
    } catch (err) {
      fail(err)
    }
  }
  return { state, run, clear: () => setState({ status: 'idle' }) }
}
