// Password transport (docs/contract.md §5.3): RSA PKCS#1 v1.5 by jsencrypt with the server's
// public key. jsencrypt is loaded on first use so it stays out of the first chunk.
import { config } from '@/config'
import { request } from './http'

const PUBLIC_KEY_PATH = `${config.apiPrefix}/blade-auth/oauth/public-key`

let cached: Promise<string> | null = null

/** The key may come as the envelope's data (a string or {publicKey}) or as a bare body. */
function keyOf(body: unknown): string {
  if (typeof body === 'string') return body
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>
    if ('data' in b) return keyOf(b.data)
    if (typeof b.publicKey === 'string') return b.publicKey
  }
  return ''
}

/** The pinned key, or the server's, fetched once per page. */
function getPublicKey(): Promise<string> {
  if (config.rsaPublicKey) return Promise.resolve(config.rsaPublicKey)
  cached ??= request<unknown>(PUBLIC_KEY_PATH, { raw: true, withToken: false }).then((body) => {
    const key = keyOf(body)
    if (!key) throw new Error('no public key')
    return key
  })
  // A failed fetch is retried next time.
  cached.catch(() => {
    cached = null
  })
  return cached
}

export async function encrypt(plain: string): Promise<string> {
  const [{ JSEncrypt }, key] = await Promise.all([import('jsencrypt'), getPublicKey()])
  const rsa = new JSEncrypt()
  rsa.setPublicKey(key)
  const out = rsa.encrypt(plain)
  if (out === false) throw new Error('encryption failed')
  return out
}
