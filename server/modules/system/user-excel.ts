// User import and export as xlsx with the Blade columns (docs/contract.md §8.2): export of the current
// filter, an empty template, and import (import-user-rows.ts checks every row first; nothing is
// written when any row is invalid).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { button } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import { badRequest, BladeError, done } from '../../core/envelope.ts'
import { params, type Module } from '../../core/routes.ts'
import { readSheetText } from '../../crud/import/read-sheet.ts'
import { type Cell } from '../../core/xlsx.ts'
import { importUsers, USER_COLUMNS } from './user-import.ts'
import { userPage } from './user-query.ts'
import { sendXlsx } from '../../core/send-xlsx.ts'

const EXPORT_LIMIT = 10000
const MAX_FILE = 10 * 1024 * 1024

const sendUsers = (reply: FastifyReply, title: string, rows: Cell[][]) =>
  sendXlsx(reply, title, [...USER_COLUMNS], rows)

async function exportRows(
  db: Parameters<typeof userPage>[0],
  user: AuthUser,
  p: Record<string, string>,
): Promise<Cell[][]> {
  const rows: Cell[][] = []
  for (let current = 1; rows.length < EXPORT_LIMIT; current++) {
    const page = await userPage(db, user, p, { current, size: 500 })
    for (const u of page.records) {
      const s = (k: string) => String(u[k] ?? '')
      rows.push([
        s('tenantId'),
        s('account'),
        s('name'),
        s('realName'),
        s('email'),
        s('phone'),
        s('roleId'),
        s('deptId'),
        s('postId'),
        s('roleName'),
        s('deptName'),
        s('postName'),
        s('birthday'),
      ])
    }
    if (current >= page.pages) break
  }
  return rows.slice(0, EXPORT_LIMIT)
}

/** The uploaded `file` and the other form fields of a multipart request. */
async function readUpload(
  req: FastifyRequest,
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件')
  let file: Buffer | null = null
  const fields: Record<string, string> = {}
  for await (const part of req.parts({ limits: { fileSize: MAX_FILE, files: 1 } })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer()
      if (part.file.truncated) throw badRequest('上传文件不能超过 10MB')
      if (part.fieldname === 'file') file = bytes
    } else fields[part.fieldname] = String(part.value ?? '')
  }
  if (!file || file.length === 0) throw badRequest('缺少必要的请求参数: file')
  return { file, fields }
}

export const userExcelModule: Module = ({ db }) => [
  // export-user is Blade's path; export is the generic engine's, so the list screen's export works too.
  ...['export-user', 'export'].map((name) => ({
    method: 'GET' as const,
    url: `/blade-system/user/${name}`,
    access: { kind: 'anyButton' as const, codes: ['user_export', 'user_view'] },
    download: true,
    handler: async (req: Parameters<typeof caller>[0], reply: FastifyReply) =>
      sendUsers(reply, '用户数据', await exportRows(db, caller(req), params(req))),
  })),
  {
    method: 'GET',
    url: '/blade-system/user/export-template',
    access: { kind: 'anyButton', codes: ['user_import', 'user_export'] },
    download: true,
    handler: async (_req, reply) => sendUsers(reply, '用户数据模板', []),
  },
  {
    method: 'POST',
    url: '/blade-system/user/import-user',
    sample: { query: { isCovered: '0' } },
    access: button('user_import'),
    handler: async (req) => {
      const { file, fields } = await readUpload(req)
      const isCovered = fields.isCovered ?? params(req).isCovered ?? '0'
      if (isCovered !== '0' && isCovered !== '1') throw badRequest('请求参数格式错误: isCovered')
      // The user file is an xlsx (a zip), as Blade's; the generic imports take csv too.
      if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50)
        throw badRequest('请上传 .xlsx 格式的 Excel 文件')
      const sheet = await readSheetText(new Uint8Array(file)).catch((e: unknown) => {
        throw e instanceof BladeError ? e : badRequest('请上传 .xlsx 格式的 Excel 文件')
      })
      const n = await importUsers(db, caller(req), sheet, isCovered === '1')
      return done(`操作成功，共导入 ${n} 条数据`)
    },
  },
]
