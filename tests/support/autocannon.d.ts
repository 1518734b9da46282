// autocannon 9 ships no type declarations: the part of its API the load runs use (its README,
// "autocannon(opts[, cb])", "Autocannon events" and "Results").
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface Request {
    method?: 'GET' | 'POST'
    path: string
    headers?: Record<string, string>
    body?: string
    /** Called before each send of this request; returns the request to send. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
    /** Called with each response to this request, just before the instance emits `response`. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
  }

  export interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    /** Seconds to wait for a response before counting a timeout. */
    timeout?: number
    /** Headers of every request (when `requests` is not given). */
    headers?: Record<string, string>
    requests?: Request[]
  }

  export interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    requests: { total: number; average: number; sent: number }
    /** Milliseconds. */
    latency: { average: number; p50: number; p90: number; p99: number; max: number }
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): this
    stop(): void
  }

  export default function autocannon(options: Options): Instance
}
