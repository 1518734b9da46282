// The code module's own calls: copy, the generated files previewed, and their zip downloaded.
import { ticketUrl } from '@/api/download-ticket'
import { request } from '@/api/http'
import { config } from '@/config'
import { download, opensDownloadsByUrl } from '@/crud/export/use-export'
import { code } from '@/domain/develop/code'

const CODE = `${config.apiPrefix}${code.api}`
const GEN = `${CODE}/gen-code`
/** The front-end the generated code is shaped for (the Saber admin). */
const SYSTEM = 'saber'

export interface GeneratedFile {
  path: string
  content: string
}

/** `version`: the one the list showed; a module changed since is refused (409). */
export const copyCode = (id: string, version?: string) =>
  request<{ id: string; codeName?: string }>(`${CODE}/copy`, {
    method: 'POST',
    query: version ? { id, version } : { id },
    quietFor: [409],
  })

export const previewCode = (id: string) =>
  request<GeneratedFile[]>(GEN, { method: 'POST', query: { ids: id, system: SYSTEM, preview: 1 } })

/** The generated files as one zip, saved like an export (an iOS home-screen app opens it by a download ticket). */
export async function downloadCode(id: string, fileName: string): Promise<void> {
  if (opensDownloadsByUrl()) {
    // Opened in the tap itself: a window opened after an await is blocked.
    const tab = window.open('', '_blank')
    const url = await ticketUrl(GEN, { ids: id, system: SYSTEM })
    if (tab) tab.location.href = url
    else window.location.assign(url)
    return
  }
  const blob = await request<Blob>(GEN, {
    method: 'POST',
    query: { ids: id, system: SYSTEM },
    responseType: 'blob',
  })
  download(blob, `${fileName}.zip`)
}
