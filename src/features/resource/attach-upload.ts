// Uploading an attachment: the file goes to the object storage (put-file), which records it as an
// attachment of the tenant and answers its link and the new attachment's id.
import { http } from '@/api/http'
import { config } from '@/config'

export interface PutFile {
  link: string
  domain?: string
  name?: string
  originalName?: string
  attachId?: string
}

export async function uploadAttach(file: File): Promise<PutFile> {
  const body = new FormData()
  body.append('file', file)
  return http.post<PutFile>(`${config.apiPrefix}/blade-resource/oss/endpoint/put-file`, body)
}
