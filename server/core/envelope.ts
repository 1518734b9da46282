// The Blade envelope R = {code, success, data, msg} (docs/contract.md §2.1) and the error type
// every handler throws. success is true iff code is 200.
export interface Envelope<T = unknown> {
  code: number
  success: boolean
  data: T
  msg: string
}

const MSG_OK = '操作成功'
const MSG_NO_DATA = '暂无承载数据'

export function ok<T>(data: T, msg?: string): Envelope<T | Record<string, never>> {
  if (data === null || data === undefined)
    return { code: 200, success: true, data: {}, msg: msg ?? MSG_NO_DATA }
  return { code: 200, success: true, data, msg: msg ?? MSG_OK }
}

/** status(true) of Blade: submit/remove/grant answers. */
export function done(msg = MSG_OK): Envelope<Record<string, never>> {
  return { code: 200, success: true, data: {}, msg }
}

export function fail(code: number, msg: string, data: unknown = {}): Envelope {
  return { code, success: code === 200, data, msg }
}

/**
 * An error answered as an envelope. httpStatus defaults to the code (400 for business errors,
 * 401 missing/invalid token, 403 not allowed, 404 unknown, 409 conflict, 422, 429).
 */
export class BladeError extends Error {
  readonly code: number
  readonly httpStatus: number
  readonly data: unknown
  constructor(code: number, msg: string, opts: { httpStatus?: number; data?: unknown } = {}) {
    super(msg)
    this.code = code
    this.httpStatus = opts.httpStatus ?? code
    this.data = opts.data ?? {}
  }
}

/** The answer to a path nothing serves: the servlet error page's R, with a literal null (docs/contract.md §3). */
export const unknownPath = (): Envelope<null> => ({ ...fail(404, '404 没找到请求'), data: null })

export const badRequest = (msg: string) => new BladeError(400, msg)
export const unauthorized = (msg = '请求未授权') => new BladeError(401, msg)
export const forbidden = (msg = '请求被拒绝') => new BladeError(403, msg)
export const notFound = (msg = '404 没找到请求') => new BladeError(404, msg)
