// The offline replay's batch call (src/domain/sync-batch.ts): each queued write of the batch is run,
// in order, as the request it stands for, through the server's own router (Fastify inject), so it
// meets its route's access checks, tenant scope, validation, Idempotency-Key and request log exactly
// as if it had come alone; the batch only saves the device one round trip per row. A write's refusal
// is its own answer, never the batch's: the batch answers 400 only when it is not a batch.
import type { FastifyRequest, InjectOptions } from 'fastify'
import { PAYLOAD_VERSION_HEADER } from '../../../src/domain/payload-version.ts'
import {
  SYNC_BATCH_API,
  SYNC_BATCH_MAX,
  type SyncBatchAnswer,
  type SyncBatchRequest,
} from '../../../src/domain/sync-batch.ts'
import { USER } from '../../core/access.ts'
import { IDEMPOTENCY_KEY } from '../../crud/idempotency.ts'
import { badRequest, ok } from '../../core/envelope.ts'
import { body, type Module } from '../../core/routes.ts'

/** The caller's headers each write is sent with: who it is, which tenant, role and language. */
const PASSED_ON = [
  'authorization',
  'blade-auth',
  'tenant-id',
  'role-id',
  'dept-id',
  'accept-language',
  'user-agent',
  'blade-requested-with',
]
/** A write's path: /api and plain segments, no dots, no query (the query goes apart). */
const WRITE_PATH = /^\/api(\/[\w-]+)+$/

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v)

/** The batch's writes, or 400 naming the first that is not one. */
function writesOf(input: Record<string, unknown>): SyncBatchRequest[] {
  const list = input.requests
  if (!Array.isArray(list) || !list.length) throw badRequest('requests 必须是非空数组')
  if (list.length > SYNC_BATCH_MAX) throw badRequest(`一次最多提交 ${SYNC_BATCH_MAX} 条离线修改`)
  return list.map((item: unknown, n) => {
    const at = `第 ${n + 1} 条离线修改`
    if (!isObject(item)) throw badRequest(`${at}必须是 JSON 对象`)
    const { url, key, payloadVersion, body: json, query } = item
    if (typeof url !== 'string' || url.length > 200 || !WRITE_PATH.test(url))
      throw badRequest(`${at}的 url 必须是 /api/ 下的接口路径`)
    if (url.startsWith('/api/blade-auth/') || url.startsWith('/api/blade-sync/'))
      throw badRequest(`${at}的 url 不能是登录或批量接口`)
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))
      throw badRequest(`${at}的 key 格式不正确（8 到 100 位字母、数字、-_.:）`)
    if (
      payloadVersion !== undefined &&
      (typeof payloadVersion !== 'number' || !Number.isInteger(payloadVersion))
    )
      throw badRequest(`${at}的 payloadVersion 必须是整数`)
    if (json !== undefined && !isObject(json)) throw badRequest(`${at}的 body 必须是 JSON 对象`)
    if (
      query !== undefined &&
      (!isObject(query) || Object.values(query).some((v) => typeof v !== 'string'))
    )
      throw badRequest(`${at}的 query 必须是字符串键值`)
    return {
      url,
      key,
      payloadVersion,
      body: json,
      query: query as Record<string, string> | undefined,
    }
  })
}

/** Runs one write as its own request and answers what it answered. */
async function run(req: FastifyRequest, write: SyncBatchRequest): Promise<SyncBatchAnswer> {
  const headers: Record<string, string> = { 'idempotency-key': write.key }
  for (const name of PASSED_ON) {
    const value = req.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  if (write.payloadVersion !== undefined)
    headers[PAYLOAD_VERSION_HEADER.toLowerCase()] = String(write.payloadVersion)
  const options: InjectOptions = {
    method: 'POST',
    url: write.url,
    query: write.query,
    headers,
    remoteAddress: req.ip,
  }
  if (write.body) options.payload = write.body
  const res = await req.server.inject(options)
  return {
    status: res.statusCode,
    body: String(res.headers['content-type'] ?? '').includes('json') ? parsed(res.body) : res.body,
  }
}

/** A JSON answer's body; an empty or unreadable one is passed on as its text, never a failure of the batch. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export const syncModule: Module = () => [
  {
    method: 'POST',
    url: SYNC_BATCH_API,
    access: USER,
    owner: 'tenant',
    sample: {
      json: {
        requests: [
          {
            url: '/api/blade-system/param/submit',
            key: 'sample-batch-0001',
            body: { paramName: '离线批量示例', paramKey: 'sample.sync.batch', paramValue: '1' },
          },
        ],
      },
    },
    handler: async (req) => {
      const writes = writesOf(body(req))
      const answers: SyncBatchAnswer[] = []
      // One after another, in the order given: the device sends a row only after the rows it waits for.
      for (const write of writes) answers.push(await run(req, write))
      return ok(answers)
    },
  },
]
