// The offline replay's batch call, a compatible extension of the Blade contract: the queued writes of
// one replay step go in one request instead of one request each, and the server runs each as the
// request it stands for (its route, access checks, validation, Idempotency-Key), in order, answering
// each as it would alone. A server without it (SpringBlade) answers 404 and the app sends the rows
// one by one. Shared by the server's route and the app's replay.

/** The batch route, under the API prefix. */
export const SYNC_BATCH_API = '/blade-sync/batch'
/** Writes per batch at most: a batch answers within seconds even on a slow server. */
export const SYNC_BATCH_MAX = 50

/** One queued write: a POST to `url` (under the API prefix) with its key, as the replay sends it alone. */
export interface SyncBatchRequest {
  url: string
  /** Its Idempotency-Key: a batch holds queued writes only, each with its key. */
  key: string
  /** The payload schema version it was written in (X-Payload-Version). */
  payloadVersion?: number
  body?: Record<string, unknown>
  query?: Record<string, string>
}

/** What the request alone would have answered: its HTTP status and body (the envelope). */
export interface SyncBatchAnswer {
  status: number
  body: unknown
}
