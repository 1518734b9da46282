// Answers an xlsx download: the sheet written by writeXlsx, named "<title>-<yyyyMMddHHmmss>.xlsx"
// (UTF-8 file name, so Chinese titles survive), for every export and template of the server.
import type { FastifyReply } from 'fastify'
import { formatDateTime } from './dates.ts'
import { writeXlsx, type Cell } from './xlsx.ts'

export function sendXlsx(reply: FastifyReply, title: string, header: string[], rows: Cell[][]) {
  const bytes = writeXlsx(title, header, rows)
  const name = `${title}-${formatDateTime().replace(/[-: ]/g, '')}.xlsx`
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Content-Length', String(bytes.length))
    .send(Buffer.from(bytes))
}
