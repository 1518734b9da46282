// The uploaded file of an import, spooled to a temporary file as it arrives (never whole in memory),
// with the other form fields; its kind (xlsx or csv) judged from its first bytes, not its name.
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { open, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { badRequest } from '../../core/envelope.ts'
import { MAX_UPLOAD_BYTES, MSG_EMPTY, MSG_NO_FILE, MSG_NOT_SHEET, MSG_TOO_LARGE } from './limits.ts'
import { assertSafeXlsx } from './zip-guard.ts'

type SheetKind = 'xlsx' | 'csv'

export interface SheetFile {
  path: string
  kind: SheetKind
  size: number
}

export interface Upload {
  file: SheetFile
  fields: Record<string, string>
  /** Removes the temporary file (call in finally). */
  discard: () => Promise<void>
}

/** Text a csv can be: valid UTF-8 without NUL bytes (the head may end inside a character). */
function looksLikeText(head: Buffer, whole: boolean): boolean {
  if (head.includes(0)) return false
  for (let cut = 0; cut <= (whole ? 0 : 3); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut))
      return true
    } catch {
      // try without a cut character at the end
    }
  }
  return false
}

/** xlsx (a zip: "PK\3\4") checked for zip bombs, or csv text; anything else is a 400. */
export async function judgeSheet(path: string): Promise<SheetFile> {
  const { size } = await stat(path)
  if (size === 0) throw badRequest(MSG_EMPTY)
  const fh = await open(path, 'r')
  const head = Buffer.alloc(Math.min(size, 64 * 1024))
  try {
    await fh.read(head, 0, head.length, 0)
  } finally {
    await fh.close()
  }
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) {
    await assertSafeXlsx(path, size)
    return { path, kind: 'xlsx', size }
  }
  if (looksLikeText(head, size === head.length)) return { path, kind: 'csv', size }
  throw badRequest(MSG_NOT_SHEET)
}

/** The multipart `file` (spooled, capped at MAX_UPLOAD_BYTES) and the other fields. */
export async function receiveUpload(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件')
  const path = join(tmpdir(), `import-${randomUUID()}`)
  const discard = () => rm(path, { force: true })
  const fields: Record<string, string> = {}
  let got = false
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 4096 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume()
          continue
        }
        await pipeline(part.file, createWriteStream(path))
        if (part.file.truncated) throw badRequest(MSG_TOO_LARGE)
        got = true
      } else fields[part.fieldname] = String(part.value ?? '')
    }
    if (!got) throw badRequest(MSG_NO_FILE)
    return { file: await judgeSheet(path), fields, discard }
  } catch (e) {
    await discard()
    // The multipart parser's own limits (too many parts, a part too large) are the caller's mistake.
    if (e instanceof Error && 'statusCode' in e && e.statusCode === 413)
      throw badRequest(MSG_TOO_LARGE)
    throw e
  }
}
