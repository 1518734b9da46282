// Test support for the offline core: an msw stand-in for the Blade generic engine with the sync
// extensions (client ids, Idempotency-Key, integer version; server/crud/sync.test.ts is the real
// thing), token checks and refresh, and programmable faults. Tests only.
import { http as mock, HttpResponse, type RequestHandler } from 'msw'
import { sessionStore } from '@/api/session'
import { PAYLOAD_VERSION_HEADER } from '@/domain/payload-version'
import { SYNC_BATCH_API } from '@/domain/sync-batch'
import { API } from '@/test/msw'
import { db, type Json, type OutboxRow } from './db'
import { enqueue } from './outbox'
import { buildOutboxRow, type OutboxRowInput } from './outbox-row'

export const TEST_API = '/blade-test'

export interface Sent {
  key: string | null
  op: string
  entity: string
  id: string
  body: Json
  token: string
  /** The X-Payload-Version header, or null (docs/offline.md R4). */
  payloadVersion: string | null
}

export interface FaultContext {
  op: string
  entity: string
  id: string
  body: Json
}

/** Returns a response to answer instead of the engine, or undefined to go on. */
export type Fault = (c: FaultContext) => Response | undefined

/** One committed write, in the order the engine committed them. */
export interface Applied {
  key: string | null
  op: string
  entity: string
  id: string
  /** The record's version after the write; null for a remove. */
  version: number | null
}

const envelope = (
  code: number,
  data: unknown,
  msg = code === 200 ? '操作成功' : '失败',
  status = code === 200 ? 200 : code,
) => HttpResponse.json({ code, success: code === 200, data, msg }, { status })

export const answers = {
  /** Blade's business error: HTTP 200 with code 400. */
  business: (msg = '名称不能为空') => envelope(400, null, msg, 200),
  unavailable: () => envelope(503, null, '服务不可用'),
  offline: () => HttpResponse.error(),
}

export function fakeBlade() {
  const state = {
    records: new Map<string, Json & { version: number }>(),
    keys: new Map<string, { hash: string; response: Json }>(),
    log: [] as Sent[],
    effects: 0,
    tokens: new Set<string>(['tok-1']),
    faults: [] as Fault[],
    /** The next N committed writes lose their answer (the server applied them). */
    dropAfterCommit: 0,
    refreshWorks: true,
    refreshCalls: 0,
    /** All requests fail as a dead network. */
    offline: false,
    applied: [] as Applied[],
    /** Keys whose first request is being processed: a concurrent duplicate answers 409 (docs/offline.md R6). */
    working: new Set<string>(),
    /** Ids a write references; a missing record is refused like a foreign key would be. */
    references: null as ((c: FaultContext) => string[]) | null,
    /** Requests to the batch call (batchHandler). */
    batchCalls: 0,
  }
  const at = (entity: string, id: string) => `${entity}:${id}`

  /** `work` is awaited between claiming the key and committing: a slow server. */
  async function handle(
    request: Request,
    entity: string,
    op: string,
    work?: () => Promise<void>,
  ): Promise<Response> {
    if (state.offline) return HttpResponse.error()
    const token = (request.headers.get('Blade-Auth') ?? '').replace(/^bearer /, '')
    if (!state.tokens.has(token)) return envelope(401, null, '请求未授权')
    const url = new URL(request.url)
    const body = (
      op === 'remove' ? { ids: url.searchParams.get('ids') } : await request.json()
    ) as Json
    const id = String(op === 'remove' ? body.ids : body.id)
    const key = request.headers.get('Idempotency-Key')
    state.log.push({
      key,
      op,
      entity,
      id,
      body,
      token,
      payloadVersion: request.headers.get('X-Payload-Version'),
    })
    for (const fault of state.faults) {
      const answer = fault({ op, entity, id, body })
      if (answer) return answer
    }
    const hash = `${op} ${entity} ${JSON.stringify(body)}`
    const seen = key ? state.keys.get(key) : undefined
    if (seen)
      return seen.hash === hash
        ? HttpResponse.json(seen.response)
        : envelope(422, null, '同一个 Idempotency-Key 已用于另一个请求')
    if (key && state.working.has(key))
      return envelope(409, null, '相同的请求正在处理中，请稍后重试')
    if (key) state.working.add(key)
    try {
      await work?.()
      return commit(key, hash, entity, op, id, body)
    } finally {
      if (key) state.working.delete(key)
    }
  }

  function commit(
    key: string | null,
    hash: string,
    entity: string,
    op: string,
    id: string,
    body: Json,
  ): Response {
    const missing = state
      .references?.({ op, entity, id, body })
      .find((ref) => ![...state.records.values()].some((r) => r.id === ref))
    if (missing) return envelope(400, null, `关联的数据不存在: ${missing}`, 200)
    const existing = state.records.get(at(entity, id))
    let data: (Json & { version: number }) | null = null
    if (op === 'remove') state.records.delete(at(entity, id))
    else {
      if (op === 'update' && !existing) return envelope(404, null, '数据不存在或已被删除')
      if (existing && typeof body.version === 'number' && body.version < existing.version)
        return envelope(409, existing, '数据已被他人修改，请刷新后重试')
      data = { ...existing, ...body, id, version: (existing?.version ?? 0) + 1 }
      state.records.set(at(entity, id), data)
    }
    state.effects++
    state.applied.push({ key, op, entity, id, version: data?.version ?? null })
    const response = { code: 200, success: true, data, msg: '操作成功' }
    if (key) state.keys.set(key, { hash, response })
    if (state.dropAfterCommit > 0) {
      state.dropAfterCommit--
      return HttpResponse.error()
    }
    return HttpResponse.json(response)
  }

  const handlers: RequestHandler[] = [
    mock.post(`${API}/blade-auth/oauth/token`, () => {
      state.refreshCalls++
      if (!state.refreshWorks)
        return HttpResponse.json({ error_code: 401, error_description: '刷新令牌已失效' })
      const token = `tok-${state.tokens.size + state.refreshCalls + 1}`
      state.tokens.add(token)
      const s = sessionStore.getState()
      return HttpResponse.json({
        access_token: token,
        refresh_token: 'r2',
        user_id: s.userInfo.user_id,
        tenant_id: s.tenantId,
        account: s.userInfo.account,
      })
    }),
    mock.post(`${API}${TEST_API}/:entity/:op`, ({ request, params }) =>
      handle(request, String(params.entity), String(params.op)),
    ),
  ]
  /**
   * The server's batch call over this engine: each write handled as its own request, in order.
   * A write whose answer is lost (dropAfterCommit) loses the batch's answer, the others applied.
   */
  async function batch(request: Request): Promise<Response> {
    if (state.offline) return HttpResponse.error()
    const { requests } = (await request.json()) as {
      requests: {
        url: string
        key: string
        payloadVersion?: number
        body?: Json
        query?: Record<string, string>
      }[]
    }
    const out: { status: number; body: unknown }[] = []
    let lost = false
    for (const w of requests) {
      const [entity, op] = w.url.split('/').slice(-2) as [string, string]
      const url = new URL(`${window.location.origin}${w.url}`)
      for (const [k, v] of Object.entries(w.query ?? {})) url.searchParams.set(k, v)
      const headers = new Headers({
        'Blade-Auth': request.headers.get('Blade-Auth') ?? '',
        'Idempotency-Key': w.key,
        'content-type': 'application/json',
      })
      if (w.payloadVersion !== undefined)
        headers.set(PAYLOAD_VERSION_HEADER, String(w.payloadVersion))
      const answer = await handle(
        new Request(url, {
          method: 'POST',
          headers,
          body: w.body ? JSON.stringify(w.body) : undefined,
        }),
        entity,
        op,
      )
      if (answer.type === 'error') lost = true
      else out.push({ status: answer.status, body: await answer.json() })
    }
    return lost
      ? HttpResponse.error()
      : HttpResponse.json({ code: 200, success: true, data: out, msg: '操作成功' })
  }
  const batchHandler = mock.post(`${API}${SYNC_BATCH_API}`, ({ request }) => {
    state.batchCalls++
    return batch(request)
  })
  // serve: the engine's own handling of a request, for tests that wrap it in network faults.
  return { state, handlers, batchHandler, at, serve: handle }
}

export function signIn(userId = '1', tenantId = '000000', token = 'tok-1'): void {
  sessionStore.login({
    access_token: token,
    refresh_token: 'r1',
    tenant_id: tenantId,
    user_id: userId,
    account: `user${userId}`,
  })
}

export async function resetOfflineDb(): Promise<void> {
  if (!db.isOpen()) await db.open()
  await db.outbox.clear()
  await db.queryCache.clear()
}

/** An outbox entry for entity `e` of the fake engine. */
export const target = (entity: string) => ({ entity, api: `${TEST_API}/${entity}` })

/** Stores a row as the build writing payload schema `version` would have, straight into Dexie (docs/offline.md R4 tests). */
export async function storeRowOfBuild(
  version: number,
  input: OutboxRowInput,
  owner = { userId: '1', tenantId: '000000' },
): Promise<OutboxRow> {
  const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0
  const row: OutboxRow = {
    ...buildOutboxRow(input, { owner }),
    payloadSchemaVersion: version,
    seq: last + 1,
  }
  await db.outbox.add(row)
  return row
}

/** Queues `n` count lines (one lane each, as the stock count queues them); returns their keys. */
export async function queueLines(n: number): Promise<string[]> {
  const keys: string[] = []
  for (let i = 0; i < n; i++)
    keys.push((await enqueue({ ...target('stockLine'), op: 'submit', payload: { qty: i } })).key)
  return keys
}
