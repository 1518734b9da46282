// Logging in over real HTTP the way the app does: the password is RSA-encrypted (PKCS#1 v1.5,
// base64, what jsencrypt makes) with the server's public key, then sent to the password grant.
import { constants, createPublicKey, publicEncrypt } from 'node:crypto'
import { BASIC_SABER } from './http.ts'

/** The flat BladeX token body (docs/contract.md §15). */
export interface TokenBody {
  access_token: string
  token_type: string
  refresh_token: string
  expires_in: number
  tenant_id: string
  user_id: string
  dept_id: string
  post_id: string
  role_id: string
  oauth_id: string
  account: string
  user_name: string
  nick_name: string
  real_name: string
  role_name: string
  avatar: string
  client_id: string
  detail: { type: string }
  license: string
}

// Not cached: a later test server may listen on a port an earlier one used, with another key.
export async function serverPublicKey(baseUrl: string): Promise<string> {
  const res = await fetch(new URL('/api/blade-auth/oauth/public-key', baseUrl))
  const body = (await res.json()) as { data?: unknown }
  if (typeof body.data !== 'string')
    throw new Error(`no public key from ${baseUrl}: ${JSON.stringify(body)}`)
  return body.data
}

export async function encryptForServer(baseUrl: string, plain: string): Promise<string> {
  const key = createPublicKey({
    key: Buffer.from(await serverPublicKey(baseUrl), 'base64'),
    format: 'der',
    type: 'spki',
  })
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain)).toString(
    'base64',
  )
}

/** Password grant as `account`; throws with the server's error_description on failure. */
export async function loginAs(
  baseUrl: string,
  account: string,
  password: string,
  tenantId = '000000',
): Promise<TokenBody> {
  const url = new URL('/api/blade-auth/oauth/token', baseUrl)
  const query = {
    tenantId,
    username: account,
    password: await encryptForServer(baseUrl, password),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  }
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: BASIC_SABER, 'Tenant-Id': tenantId },
  })
  const body = (await res.json()) as TokenBody & { error_description?: string }
  if (res.status !== 200 || !body.access_token)
    throw new Error(
      `login as ${account} failed (${res.status}): ${body.error_description ?? JSON.stringify(body)}`,
    )
  return body
}
