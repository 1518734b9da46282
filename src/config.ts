// Website settings (Saber's website.js). The API base and a pinned RSA key can be set at build time.
const env = import.meta.env as Record<string, string | undefined>

export const config = {
  /** '' = same origin; VITE_API_BASE points the app at another Blade server. */
  apiBase: env.VITE_API_BASE ?? '',
  apiPrefix: '/api',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: true,
  captchaMode: true,
  registerMode: true,
  switchMode: true,
  tenantId: '000000',
  /** Seconds: a stored token older than this is refreshed. */
  tokenTime: 3000,
  /** Milliseconds between token age checks. */
  tokenCheckInterval: 10_000,
  /** Request time-out in milliseconds. */
  timeout: 50_000,
  /** Optional pinned public key; otherwise fetched from the server once per page. */
  rsaPublicKey: env.VITE_RSA_PUBLIC_KEY ?? '',
  /** Codes rejected without a message. */
  statusWhiteList: [] as number[],
  lockPage: '/lock',
  loginPage: '/login',
  firstPage: { label: '首页', path: '/wel/index' },
  title: '越南电商管理平台',
  /**
   * Queued offline writes go to the server in batches (its batch call, a compatible extension of the
   * contract); a server without it answers 404 and they go one request each, as SpringBlade takes them.
   */
  syncBatch: true,
}
