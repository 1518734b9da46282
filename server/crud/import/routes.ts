// The import routes of a declared entity with an `import` spec (registered by the CRUD engine):
// POST <api>/import (multipart `file`; ?preview=1 answers the mapping and first rows; the spec's
// `given` fields as query or form parameters), GET import-template, import-progress and
// import-errors. Access: button `<permission>_import`.
import type { FastifyRequest } from 'fastify'
import type { EntityDef } from '../../../src/domain/entity.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import { validateField } from '../../../src/domain/validate.ts'
import { button } from '../../core/access.ts'
import { BladeError, badRequest, notFound, ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, type AppContext, type RouteDef } from '../../core/routes.ts'
import { optionLabels } from '../labels.ts'
import type { CrudOptions } from '../options.ts'
import type { Row } from '../table.ts'
import { findProgress, ImportProgress, importIdOf, type RowError } from './progress.ts'
import { previewImport, runImport } from './run-import.ts'
import { importTemplate } from './template.ts'
import { receiveUpload } from './upload.ts'
import { sendXlsx } from '../../core/send-xlsx.ts'

/** The values the request gives every row (ImportSpec.given): each one present and valid, else a 400. */
function givenValues(def: EntityDef, sent: Record<string, string>): Row {
  const out: Row = {}
  for (const name of def.import?.given ?? []) {
    const f = def.fields.find((x) => x.name === name)
    if (!f) throw new Error(`${def.name}: the given field ${name} is not declared`)
    const value = sent[name]?.trim() ?? ''
    const wrong = validateField(
      { ...f, required: f.required ?? true, visibleWhen: undefined },
      value,
    )
    if (wrong) throw badRequest(sourceText(wrong))
    out[name] = value
  }
  return out
}

function requiredImportId(req: FastifyRequest): string {
  const raw = params(req).importId
  if (!raw) throw badRequest('缺少必要的请求参数: importId')
  return importIdOf(raw)
}

export function importRoutes(def: EntityDef, ctx: AppContext, opts: CrudOptions): RouteDef[] {
  if (!def.import) return []
  const access = button(`${def.permission}_import`)
  const title = sourceText(def.title)
  return [
    {
      method: 'POST',
      url: `${def.api}/import`,
      access,
      sample: { query: {} },
      handler: async (req) => {
        const upload = await receiveUpload(req)
        try {
          const user = caller(req)
          const given = givenValues(def, { ...upload.fields, ...params(req) })
          await opts.beforeImport?.({ ctx, user, given })
          if (['1', 'true'].includes(params(req).preview ?? upload.fields.preview ?? ''))
            return ok(
              await previewImport(def, upload.file, given, await optionLabels(ctx, def, user)),
            )
          const progress = await ImportProgress.start(
            ctx.db,
            importIdOf(upload.fields.importId ?? params(req).importId),
            user,
            def.name,
          )
          try {
            return ok(await runImport(ctx, def, user, opts, upload.file, progress, given))
          } catch (e) {
            if (!(e instanceof BladeError)) throw e
            const data = (e.data ?? {}) as { importId?: string; errors?: RowError[] }
            if (data.importId) throw e
            // Refused before or after the row check (missing columns, the row cap, a module's rule):
            // recorded for the poll and the download as well.
            const errors = data.errors ?? [{ row: 0, column: '', message: e.message }]
            await progress.fail(errors)
            throw new BladeError(e.code, e.message, {
              data: { ...data, importId: progress.importId, errors },
            })
          }
        } finally {
          await upload.discard()
        }
      },
    },
    {
      method: 'GET',
      url: `${def.api}/import-template`,
      access,
      download: true,
      handler: async (req, reply) => {
        const t = await importTemplate(ctx, def, caller(req))
        return sendXlsx(reply, `${title}导入模板`, t.header, t.rows, [t.notes])
      },
    },
    {
      method: 'GET',
      url: `${def.api}/import-progress`,
      access,
      sample: { query: { importId: 'sample-import-id' } },
      handler: async (req) => {
        const p = await findProgress(ctx.db, caller(req), def.name, requiredImportId(req))
        if (!p) throw notFound('导入记录不存在或已过期')
        const errors = p.errors ? (JSON.parse(p.errors) as RowError[]) : []
        return ok({
          importId: p.importId,
          phase: p.phase,
          processed: p.processed,
          total: p.total,
          result: p.result ? (JSON.parse(p.result) as unknown) : null,
          errorCount: errors.length,
        })
      },
    },
    {
      method: 'GET',
      url: `${def.api}/import-errors`,
      access,
      download: true,
      sample: { query: { importId: 'sample-import-id' } },
      handler: async (req, reply) => {
        const p = await findProgress(ctx.db, caller(req), def.name, requiredImportId(req))
        if (!p) throw notFound('导入记录不存在或已过期')
        const errors = p.errors ? (JSON.parse(p.errors) as RowError[]) : []
        return sendXlsx(
          reply,
          `${title}导入错误`,
          ['行号', '列', '错误信息'],
          errors.map((e) => [e.row, e.column, e.message]),
        )
      },
    },
  ]
}
