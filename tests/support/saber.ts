// Saber 4.9's HTTP client as the contract tests play it (Saber src/axios.js, src/api/user.js,
// src/utils/sm2.js): `Authorization: Basic saber:saber_secret` on every call, `Blade-Auth: bearer
// <accessToken>` once logged in, the password SM2-encrypted by sm-crypto with the served public key.
import smCrypto from 'sm-crypto'
import { BASIC_SABER, call, type Reply } from './http.ts'

export interface SaberClient {
  token: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
  get(path: string, query?: Record<string, string>): Promise<Reply<any>>
  post(
    path: string,
    opts?: { query?: Record<string, string>; json?: unknown; headers?: Record<string, string> },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  ): Promise<Reply<any>>
}

/** A Saber in a browser at `ip` (the server trusts X-Forwarded-For in tests, so lockouts stay apart). */
export function saberClient(baseUrl: string, ip: string): SaberClient {
  const headers = (extra: Record<string, string> = {}) => ({
    Authorization: BASIC_SABER,
    'X-Forwarded-For': ip,
    ...(client.token ? { 'Blade-Auth': `bearer ${client.token}` } : {}),
    ...extra,
  })
  const client: SaberClient = {
    token: '',
    get: (path, query) => call(baseUrl, 'GET', `/api${path}`, { query, headers: headers() }),
    post: (path, opts = {}) =>
      call(baseUrl, 'POST', `/api${path}`, {
        query: opts.query,
        json: opts.json,
        headers: headers(opts.headers),
      }),
  }
  return client
}

/** What Saber's encrypt() sends: sm2.doEncrypt(password, website.auth.publicKey, 0). */
export async function saberEncrypt(baseUrl: string, plain: string): Promise<string> {
  const key = await call<{ data: string }>(baseUrl, 'GET', '/api/blade-auth/oauth/public-key', {
    query: { type: 'sm2' },
  })
  return smCrypto.sm2.doEncrypt(plain, key.body.data, 0)
}

/** Saber's loginByUsername: the captcha grant, tenant in the query, no Tenant-Id header. */
export async function saberLogin(
  c: SaberClient,
  baseUrl: string,
  captcha: { key: string; code: string },
  account = 'admin',
  password = 'admin',
) {
  return c.post('/blade-auth/token', {
    headers: { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code },
    query: {
      grantType: 'captcha',
      tenantId: '000000',
      account,
      password: await saberEncrypt(baseUrl, password),
      type: 'account',
    },
  })
}
