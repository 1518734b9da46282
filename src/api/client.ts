// The HTTP client (docs/product.md §7–§8; docs/contract.md §6, §15): Blade headers, the
// {code, success, data, msg} envelope, one shared token refresh on 401 with replay, and error toasts.
// HTTP 200–500 are answers to interpret; the body's error_code/code overrides the HTTP status.
import { t } from '@lingui/core/macro'
import { ofetch } from 'ofetch'
import { config } from '@/config'
import { localMessage } from '@/i18n/server-message'
import { logger } from './logger'
import { sessionStore } from './session'
import { notifyError, notifyErrorOnce } from './notify'

export { setNotifier } from './notify'

type Query = Record<string, unknown>

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: Query
  /** JSON body. */
  body?: unknown
  /** Sent form-urlencoded; array values joined with commas (docs/product.md §9). */
  form?: Record<string, unknown>
  headers?: Record<string, string>
  /** false: no Basic client credential. */
  authorization?: boolean
  /** false: no Blade-Auth token. */
  withToken?: boolean
  /** No error toast. */
  silent?: boolean
  /** No error toast for these codes: the caller shows them its own way (a stale save's 409 opens the conflict dialog). */
  quietFor?: readonly number[]
  /** Return the body as it is (BladeX token/captcha answers are not enveloped). */
  raw?: boolean
  /** 'blob' for downloads. */
  responseType?: 'json' | 'blob' | 'text'
}

export interface Envelope<T = unknown> {
  code: number
  success: boolean
  data: T
  msg: string
}

/** A rejected call: the Blade code, the message and the whole body. */
export class BladeHttpError extends Error {
  code: number
  msg: string
  data: unknown
  constructor(code: number, msg: string, data?: unknown) {
    super(msg)
    this.name = 'BladeHttpError'
    this.code = code
    this.msg = msg
    this.data = data
  }
}

let navigateToLogin: () => void = () => window.location.assign(config.loginPage)

/** The router registers how to reach /login, so this module does not import the router. */
export function setNavigateToLogin(fn: () => void): void {
  navigateToLogin = fn
}

const TOKEN_PATH = '/blade-auth/oauth/token'
const basic = () => `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`
const baseURL = () => config.apiBase || window.location.origin

/** Blade lists ids as `a,b,c`; empty (null/undefined) values are left out. */
function joinArrays(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue
    out[k] = Array.isArray(v) ? v.join(',') : String(v)
  }
  return out
}

interface Answer {
  status: number
  body: unknown
  /** The token the request carried, to tell a stale 401 from a fresh one. */
  token: string
}

async function send(url: string, opts: RequestOptions): Promise<Answer> {
  const token = opts.withToken === false ? '' : sessionStore.getState().accessToken
  const headers: Record<string, string> = { 'Blade-Requested-With': 'BladeHttpRequest' }
  if (opts.authorization !== false) headers.Authorization = basic()
  if (token) headers['Blade-Auth'] = `bearer ${token}`
  let body: BodyInit | Record<string, unknown> | unknown[] | undefined
  if (opts.form) {
    body = new URLSearchParams(joinArrays(opts.form))
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
  } else if (opts.body !== undefined) {
    body = opts.body as Record<string, unknown>
  }
  Object.assign(headers, opts.headers)
  try {
    const res = await ofetch.raw(url, {
      baseURL: baseURL(),
      method: opts.method ?? (opts.body !== undefined || opts.form ? 'POST' : 'GET'),
      query: opts.query ? joinArrays(opts.query) : undefined,
      body,
      headers,
      timeout: config.timeout,
      retry: 0,
      ignoreResponseError: true,
      credentials: 'include',
      responseType: opts.responseType ?? 'json',
    })
    return { status: res.status, body: await blobEnvelope(res._data), token }
  } catch (err) {
    // The cause (time-out, no connection) stays in data; its text would show the whole URL.
    throw new BladeHttpError(0, t`网络异常，请检查网络连接`, err)
  }
}

/** A download answered with JSON is an error envelope, not a file. */
async function blobEnvelope(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob) || !data.type.includes('json'))
    return data
  try {
    return JSON.parse(await data.text()) as unknown
  } catch {
    return data
  }
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined
}

function statusOf(answer: Answer): number {
  return Number(field(answer.body, 'error_code') || field(answer.body, 'code') || answer.status)
}

function messageOf(body: unknown): string {
  const text = field(body, 'msg') || field(body, 'error_description')
  return text ? localMessage(String(text)) : t`系统错误`
}

// The refresh is a token grant sent through this client, so the grant (auth.ts) is plugged in by
// http.ts instead of imported here; until then a 401 ends the session.
let refreshSession: () => Promise<void> = () =>
  Promise.reject(new BladeHttpError(401, 'no session refresh'))

/** How a 401 refreshes the session; http.ts sets auth's refresh grant. */
export function setSessionRefresher(fn: () => Promise<void>): void {
  refreshSession = fn
}

let refreshing: Promise<void> | null = null

/** One refresh for every request that met a 401 meanwhile. */
function refreshOnce(): Promise<void> {
  refreshing ??= refreshSession().finally(() => {
    refreshing = null
  })
  return refreshing
}

function expire(body: unknown): never {
  const { accessToken, refreshToken } = sessionStore.getState()
  const message = t`用户令牌过期，请重新登录`
  if (accessToken || refreshToken) {
    notifyErrorOnce('expired', message)
    sessionStore.logout()
  }
  navigateToLogin()
  throw new BladeHttpError(401, message, body)
}

async function handle(
  url: string,
  opts: RequestOptions,
  answer: Answer,
  replayed: boolean,
): Promise<unknown> {
  if (answer.status > 500)
    throw new BladeHttpError(answer.status, messageOf(answer.body), answer.body)
  const status = statusOf(answer)
  const message = messageOf(answer.body)
  if (config.statusWhiteList.includes(status))
    throw new BladeHttpError(status, message, answer.body)
  // Only a request that carried the session's token can be saved by a refresh.
  if (status === 401 && !url.includes(TOKEN_PATH) && opts.withToken !== false) {
    if (replayed) expire(answer.body)
    const current = sessionStore.getState().accessToken
    // A 401 for a token that was replaced meanwhile only needs the replay.
    if (!current || current === answer.token) {
      if (!sessionStore.getState().refreshToken) expire(answer.body)
      try {
        await refreshOnce()
      } catch {
        expire(answer.body)
      }
    }
    return handle(url, opts, await send(url, opts), true)
  }
  if (status > 2000 && field(answer.body, 'error_description')) {
    if (!opts.silent) notifyErrorOnce('oauth', message)
    throw new BladeHttpError(status, message, answer.body)
  }
  if (status !== 200) {
    if (!opts.silent && !opts.quietFor?.includes(status)) notifyError(message)
    throw new BladeHttpError(status, message, answer.body)
  }
  return answer.body
}

async function call(url: string, opts: RequestOptions): Promise<unknown> {
  try {
    return await handle(url, opts, await send(url, opts), false)
  } catch (err) {
    if (isFailure(err)) logger.failure(`${opts.method ?? 'GET'} ${url}`, err)
    throw err
  }
}

/**
 * What the local error log keeps: the server failed (5xx) or the network was lost while the
 * browser believed itself online (offline, the network badge says so). A refusal (4xx) is not.
 */
function isFailure(err: unknown): boolean {
  if (!(err instanceof BladeHttpError)) return false
  if (err.code === 0) return typeof navigator === 'undefined' || navigator.onLine !== false
  return err.code >= 500 && err.code < 600
}

/**
 * An answer the server relayed for a request it ran on the client's behalf (a write of the offline
 * replay's batch call): its envelope when it is a success, else the error the client would have
 * thrown for that request sent alone. No refresh and no message: the replay decides what follows.
 */
export function relayedEnvelope<T>(status: number, body: unknown): Envelope<T> {
  const code = status > 500 ? status : statusOf({ status, body, token: '' })
  if (code !== 200) throw new BladeHttpError(code, messageOf(body), body)
  return body as Envelope<T>
}

/** The whole envelope {code, success, data, msg}. */
export async function requestEnvelope<T>(
  url: string,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  return (await call(url, opts)) as Envelope<T>
}

/** The envelope's data; the body itself when raw, or the Blob of a download. */
export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  const body = await call(url, opts)
  if (opts.raw || opts.responseType === 'blob' || opts.responseType === 'text') return body as T
  return field(body, 'data') as T
}

export const http = {
  get: <T>(url: string, query?: Query, opts: RequestOptions = {}) =>
    request<T>(url, { ...opts, method: 'GET', query }),
  post: <T>(url: string, body?: unknown, opts: RequestOptions = {}) =>
    request<T>(url, { ...opts, method: 'POST', body }),
}
