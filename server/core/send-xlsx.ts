// Answers an xlsx download: the sheet written by writeXlsx, named "<title>-<yyyyMMddHHmmss>.xlsx"
// (UTF-8 file name, so Chinese titles survive), for every export and template of the server; `more`
// adds sheets after the first (an order export's lines, a template's notes).
import type { FastifyReply } from 'fastify'
import { formatDateTime } from './dates.ts'
import { writeWorkbook, type Cell, type Sheet } from './xlsx.ts'

export function sendXlsx(
  reply: FastifyReply,
  title: string,
  header: string[],
  rows: Cell[][],
  more: Sheet[] = [],
) {
  const bytes = writeWorkbook([{ name: title, header, rows }, ...more])
  const name = `${title}-${formatDateTime().replace(/[-: ]/g, '')}.xlsx`
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Content-Length', String(bytes.length))
    .send(Buffer.from(bytes))
}
