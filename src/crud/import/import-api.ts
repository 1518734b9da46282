// The import calls of a declared entity: the file goes up with its upload progress (postMultipart);
// the import's progress is polled; the template and the row errors are downloaded as xlsx.
import { http, request } from '@/api/http'
import { postMultipart } from '@/api/multipart'
import type { EntityDef } from '@/domain/entity'
import { urlOf } from '../entity-api'
import { ticketUrl } from '@/api/download-ticket'
import { download, opensDownloadsByUrl } from '../export/use-export'

interface ImportColumnMatch {
  index: number
  header: string
  field: string | null
  label: string | null
}

export interface ImportPreview {
  columns: ImportColumnMatch[]
  missing: string[]
  rows: { row: number; values: Record<string, unknown>; errors: ImportRowError[] }[]
}

export interface ImportRowError {
  row: number
  column: string
  message: string
}

export interface ImportResult {
  importId: string
  total: number
  inserted: number
  updated: number
  unchanged: number
}

export interface ImportRefusal {
  importId?: string
  errorCount?: number
  errors?: ImportRowError[]
}

export interface ImportProgress {
  phase: 'read' | 'write' | 'done' | 'failed'
  processed: number
  total: number
}

export const newImportId = () =>
  (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(
    /[^A-Za-z0-9_-]/g,
    '',
  )

/**
 * POST {api}/import (multipart `file`); `fields`: the values the import spec's `given` names (the
 * statement bank lines go into); onUpload reports the share of the file sent (0..1).
 */
export function uploadImport<T>(
  def: EntityDef,
  file: File,
  opts: {
    preview?: boolean
    importId?: string
    fields?: Record<string, string>
    onUpload?: (share: number) => void
  },
): Promise<T> {
  const form = new FormData()
  if (opts.importId) form.set('importId', opts.importId)
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.set(name, value)
  form.set('file', file)
  return postMultipart<T>(
    urlOf(def, 'import') + (opts.preview ? '?preview=1' : ''),
    form,
    opts.onUpload,
  )
}

export const importProgress = (def: EntityDef, importId: string) =>
  http.get<ImportProgress>(urlOf(def, 'import-progress'), { importId }, { silent: true })

/** An xlsx the server answers: saved from a Blob, or opened by a ticketed URL where Blobs cannot be saved (iOS home-screen app). */
async function downloadXlsx(
  def: EntityDef,
  verb: string,
  query: Record<string, string>,
  fileName: string,
) {
  if (opensDownloadsByUrl()) return window.location.assign(await ticketUrl(urlOf(def, verb), query))
  download(await request<Blob>(urlOf(def, verb), { query, responseType: 'blob' }), fileName)
}

export const downloadTemplate = (def: EntityDef, title: string) =>
  downloadXlsx(def, 'import-template', {}, `${title}.xlsx`)

export const downloadErrors = (def: EntityDef, importId: string, title: string) =>
  downloadXlsx(def, 'import-errors', { importId }, `${title}.xlsx`)
