// A multipart POST by XMLHttpRequest (fetch reports no upload progress), with the Blade headers the
// client sends; answers the envelope's data or rejects with its code and message.
import { BladeHttpError, type Envelope } from './client'
import { config } from '@/config'
import { sessionStore } from './session'

/** onUpload reports the share of the body sent (0..1). */
export function postMultipart<T>(
  url: string,
  form: FormData,
  onUpload?: (share: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', new URL(url, config.apiBase || window.location.origin).toString())
    xhr.setRequestHeader('Blade-Requested-With', 'BladeHttpRequest')
    xhr.setRequestHeader(
      'Authorization',
      `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
    )
    const token = sessionStore.getState().accessToken
    if (token) xhr.setRequestHeader('Blade-Auth', `bearer ${token}`)
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => e.lengthComputable && onUpload?.(e.loaded / e.total)
    xhr.onerror = () => reject(new BladeHttpError(0, 'network'))
    xhr.onload = () => {
      let body: Envelope<T> | null = null
      try {
        body = JSON.parse(xhr.responseText) as Envelope<T>
      } catch {
        // not an envelope
      }
      if (xhr.status === 200 && body && body.code === 200) resolve(body.data)
      else
        reject(
          new BladeHttpError(body?.code ?? xhr.status, body?.msg ?? xhr.statusText, body?.data),
        )
    }
    xhr.send(form)
  })
}
