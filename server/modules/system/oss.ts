// Local object storage for uploads (avatars and other files): put-file stores the multipart field
// `file` under <dataDir>/uploads/<yyyymmdd>/<id><ext> and records it as an attachment; the file route
// streams it back by that name.
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, stat, unlink } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { extname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PUBLIC, USER } from '../../core/access.ts'
import { badRequest, notFound, ok } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import { caller } from '../../auth/context.ts'
import type { Module } from '../../core/routes.ts'
import { now } from '../../core/dates.ts'

const MAX_BYTES = 20 * 1024 * 1024
const FILE_ROUTE = '/blade-resource/oss/endpoint/file'
const DAY = /^\d{8}$/
// New names carry 128 random bits: the file route is public (an <img> cannot send a token), so a
// name must not be guessable from the time it was made. Older names (the id alone) still open.
const NAME = /^\d{1,19}(-[0-9a-f]{32})?(\.[a-z0-9]{1,10})?$/

/** Types shown inline; anything else downloads as an attachment (no stored HTML or SVG runs here). */
const INLINE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
}
const ATTACHMENT_TYPES: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.zip': 'application/zip',
  '.json': 'application/json',
  '.xml': 'application/xml',
}

const pad = (n: number) => String(n).padStart(2, '0')
const today = (d = new Date()) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`

function safeExt(filename: string): string {
  const ext = extname(filename).toLowerCase()
  return /^\.[a-z0-9]{1,10}$/.test(ext) ? ext : ''
}

export const ossModule: Module = ({ config, db }) => [
  {
    method: 'POST',
    url: '/blade-resource/oss/endpoint/put-file',
    sample: { query: {} },
    access: USER,
    handler: async (req) => {
      if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件')
      const part = await req.file({ limits: { fileSize: MAX_BYTES, files: 1 } })
      if (!part || part.fieldname !== 'file') throw badRequest('缺少必要的请求参数: file')
      const day = today()
      const dir = join(config.dataDir, 'uploads', day)
      await mkdir(dir, { recursive: true })
      const name = `${nextId()}-${randomBytes(16).toString('hex')}${safeExt(part.filename)}`
      const path = join(dir, name)
      const out = createWriteStream(path)
      await pipeline(part.file, out)
      const tooLarge = part.file.truncated
      if (tooLarge || out.bytesWritten === 0) {
        await unlink(path).catch(() => undefined)
        throw badRequest(tooLarge ? '上传文件不能超过 20MB' : '上传文件不能为空')
      }
      const user = caller(req)
      const link = `/api${FILE_ROUTE}/${day}/${name}`
      const domain = `${req.protocol}://${req.host}`
      const t = now()
      // Every upload is an attachment row of the caller's tenant (the attachments screen lists them).
      const attachId = nextId()
      await db
        .insertInto('bladeAttach')
        .values({
          id: attachId,
          tenantId: user.tenantId,
          link,
          domain,
          name: `${day}/${name}`,
          originalName: part.filename.slice(0, 500),
          extension: safeExt(part.filename).slice(1),
          attachSize: out.bytesWritten,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          createTime: t,
          updateUser: user.userId,
          updateTime: t,
          status: 1,
          isDeleted: 0,
          version: 1,
        })
        .execute()
      return ok({ link, domain, name: `${day}/${name}`, originalName: part.filename, attachId })
    },
  },
  {
    method: 'GET',
    url: `${FILE_ROUTE}/:day/:name`,
    access: PUBLIC,
    answer: { file: 'application/octet-stream' },
    handler: async (req, reply) => {
      const { day, name } = req.params as { day: string; name: string }
      if (!DAY.test(day) || !NAME.test(name)) throw badRequest('非法的文件路径')
      const path = join(config.dataDir, 'uploads', day, name)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile()) throw notFound('文件不存在')
      const ext = extname(name)
      const inline = INLINE_TYPES[ext]
      reply.header('Content-Type', inline ?? ATTACHMENT_TYPES[ext] ?? 'application/octet-stream')
      reply.header('Content-Length', info.size)
      // Names are unique ids, so the content never changes.
      reply.header('Cache-Control', 'public, max-age=31536000, immutable')
      if (!inline) reply.header('Content-Disposition', `attachment; filename="${name}"`)
      return reply.send(createReadStream(path))
    },
  },
]
