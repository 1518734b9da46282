// The server writes its own logs (blade-log): an api log row for every API call with the time it
// took, an error log row for every failed call, and usual logs from modules through usualLog().
import { hostname } from 'node:os'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { now } from '../core/dates.ts'
import { nextId } from '../core/ids.ts'
import type { LogBatch } from './batch.ts'

const SECRET_WORDS =
  /(password|passwd|pwd|secret|token|^blade-auth$|^ticket$|access_?key|private_?key|^value$|^phone$)/i
const HOST = hostname()

/** Parameters with secret-looking values masked (docs/contract.md §11.2). */
export function maskParams(req: FastifyRequest): string {
  const q = { ...((req.query as Record<string, unknown>) ?? {}) }
  for (const k of Object.keys(q)) if (SECRET_WORDS.test(k)) q[k] = '******'
  return new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()
}

function common(req: FastifyRequest) {
  const url = req.originalUrl ?? req.url
  return {
    id: nextId(),
    tenantId: req.auth?.tenantId ?? '000000',
    serviceId:
      url
        .split('/')
        .filter(Boolean)
        .find((p) => p !== 'api') ?? 'api',
    serverIp: req.socket?.localAddress ?? null,
    serverHost: HOST,
    env: process.env.NODE_ENV ?? 'prod',
    remoteIp: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 1000),
    requestUri: url.split('?')[0]!.slice(0, 1000),
    method: req.method,
    methodClass: req.routeOptions.url ?? null,
    methodName: req.routeOptions.url?.split('/').pop() ?? null,
    params: maskParams(req),
    createBy: req.auth?.account ?? null,
    createTime: now(),
  }
}

export async function writeRequestLogs(
  batch: LogBatch,
  req: FastifyRequest,
  reply: FastifyReply,
  error: { message: string; stack?: string; name?: string } | undefined,
): Promise<void> {
  const c = common(req)
  const time = String(Math.round(reply.elapsedTime))
  const written = [
    batch.queue('bladeLogApi', {
      ...c,
      time,
      type: reply.statusCode < 400 ? '1' : '2',
      title: req.routeOptions.url ?? c.requestUri,
    }),
  ]
  if (reply.statusCode >= 400) {
    written.push(
      batch.queue('bladeLogError', {
        ...c,
        id: nextId(),
        time,
        message: error?.message ?? `HTTP ${reply.statusCode}`,
        stackTrace: error?.stack ?? null,
        exceptionName: error?.name ?? `HTTP${reply.statusCode}`,
        fileName: null,
        lineNumber: null,
      }),
    )
  }
  await Promise.all(written)
}

export async function usualLog(
  db: Kysely<DB>,
  entry: {
    tenantId?: string
    level: 'debug' | 'info' | 'warn' | 'error'
    logId: string
    data: string
    createBy?: string
  },
): Promise<void> {
  await db
    .insertInto('bladeLogUsual')
    .values({
      id: nextId(),
      tenantId: entry.tenantId ?? '000000',
      serviceId: 'blade-server',
      serverIp: null,
      serverHost: HOST,
      env: process.env.NODE_ENV ?? 'prod',
      remoteIp: null,
      userAgent: null,
      requestUri: null,
      method: null,
      methodClass: null,
      methodName: null,
      params: null,
      time: null,
      createBy: entry.createBy ?? 'system',
      createTime: now(),
      logLevel: entry.level,
      logId: entry.logId,
      logData: entry.data,
    })
    .execute()
}
