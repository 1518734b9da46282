// The personal info calls: the avatar upload (object storage put-file, answer data.link).
import { http } from '@/api/http'
import { config } from '@/config'

export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData()
  form.append('file', file)
  const data = await http.post<{ link?: string }>(
    `${config.apiPrefix}/blade-resource/oss/endpoint/put-file`,
    form,
  )
  if (!data?.link) throw new Error('put-file answered without a link')
  return data.link
}
