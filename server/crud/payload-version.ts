// X-Payload-Version on writes (docs/offline.md R4, src/domain/payload-version.ts): absent or current →
// the body as it is; the previous version → the body upgraded with the app's own upgraders before
// validation; anything else → 400 with the shared message, before anything is read or written.
import type { FastifyRequest } from 'fastify'
import { sourceText } from '../../src/domain/messages.ts'
import {
  judgePayloadVersion,
  payloadSchema,
  payloadVersionMessage,
  refusedVersionData,
  upgradePayload,
} from '../../src/domain/payload-version.ts'
import { BladeError, badRequest } from '../core/envelope.ts'
import type { Row } from './table.ts'

/** The request's payload schema version (current when the header is absent), or a 400. */
export function payloadVersionOf(req: FastifyRequest): number {
  const header = req.headers['x-payload-version']
  const verdict = judgePayloadVersion(Array.isArray(header) ? header[0] : header)
  if (verdict.ok) return verdict.version
  const msg =
    verdict.reason === 'invalid'
      ? '请求头 X-Payload-Version 格式不正确（应为正整数）'
      : sourceText(payloadVersionMessage(verdict.reason))
  throw new BladeError(400, msg, { data: refusedVersionData(verdict.reason) })
}

/** The write's body in the current payload schema: upgraded when the client sent the previous version. */
export function currentBody(req: FastifyRequest, entity: string, body: Row): Row {
  const version = payloadVersionOf(req)
  if (version === payloadSchema().current) return body
  try {
    return upgradePayload(entity, body, version)
  } catch {
    // An upgrader that cannot read this body: the body is bad input, not a server fault.
    throw badRequest('请求数据无法升级到当前版本')
  }
}
