// Salaries (/api/dmr/salary): the generic page, list, submit, save, update, remove and export with
// the salary rules (salary-rules.ts); a detail that carries the rows from dmr_salary_detail;
// salaryList, the rows flattened (the salary detail screen); the month's employees already on a
// salary (the form warns before paying one twice); and the monthly summary (summary.ts).
import { salaryDetail } from '../../../src/domain/finance/salary-detail.ts'
import { salaryMonth } from '../../../src/domain/finance/salary-month.ts'
import { salary } from '../../../src/domain/finance/salary.ts'
import { button } from '../../core/access.ts'
import { optionLabels, withNames } from '../../crud/labels.ts'
import type { CrudOptions } from '../../crud/options.ts'
import { findRow, listRows } from '../../crud/read.ts'
import { toWire, type Row } from '../../crud/table.ts'
import { badRequest, notFound, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { caller } from '../../auth/context.ts'
import { params, type Module } from '../../core/routes.ts'
import { tenantOf } from '../../crud/scope.ts'
import { otherSheetRows } from './other-sheets.ts'
import { salaryRules } from './salary-rules.ts'
import { exportSalarySummary, salarySummary } from './summary.ts'

export const salaryCrud: Record<string, CrudOptions> = {
  // `detail` is this module's own: the rows are rows of their own table.
  [salary.name]: {
    routes: ['list', 'page', 'submit', 'save', 'update', 'remove', 'export'],
    ...salaryRules,
  },
}

const AMOUNTS = [
  'salaryAmount',
  'intershipAmount',
  'benefitAmount',
  'bonusAmount',
  'insuranceAmount',
  'insuranceEmpAmount',
  'empTax',
  'totalAmount',
]

/** A stored row as the salary's `detail` answers it: the declared row fields, flags as booleans. */
function detailRow(r: Row): Row {
  const out: Row = {
    dmrEmpId: String(r.dmrEmpId),
    standardDays: r.standardDays === null ? null : Number(r.standardDays),
    labourDays: Number(r.labourDays),
    intershipDays: Number(r.intershipDays),
  }
  for (const name of AMOUNTS) out[name] = Number(r[name])
  out.salaryAmountManual = Number(r.salaryAmountManual) === 1
  out.intershipAmountManual = Number(r.intershipAmountManual) === 1
  return out
}

export const salaryModule: Module = (ctx) => [
  {
    method: 'GET',
    url: `${salary.api}/detail`,
    access: button(salary.permission),
    handler: async (req) => {
      const id = params(req).id
      if (!id || !isId(id)) throw badRequest('缺少必要的请求参数: id')
      const user = caller(req)
      const row = await findRow(ctx, salary, user, id)
      if (!row) throw notFound('数据不存在或已被删除')
      const rows = await ctx.db
        .selectFrom('dmrSalaryDetail')
        .selectAll()
        .where('salaryId', '=', id)
        .orderBy('lineNo')
        .execute()
      return ok({
        ...withNames(await optionLabels(ctx, salary, user), toWire(salary, row)),
        detail: rows.map(detailRow),
      })
    },
  },
  // Who the month's salaries pay (a salary's form passes its own id to leave its rows out).
  {
    method: 'GET',
    url: `${salary.api}/month-employees`,
    access: button(salary.permission),
    sample: { query: { detailDate: '2026-01' } },
    handler: async (req) => {
      const { detailDate, exceptId, tenantId } = params(req)
      if (!detailDate || !/^\d{4}-\d{2}$/.test(detailDate))
        throw badRequest('缺少必要的请求参数: detailDate')
      if (exceptId && !isId(exceptId)) throw badRequest('请求参数格式错误: exceptId')
      const user = caller(req)
      return ok(
        await otherSheetRows(ctx.db, tenantOf(user, { tenantId }), detailDate, exceptId || null),
      )
    },
  },
  // The rows of every salary, flattened (`salaryList` of docs/product.md §7, with filters, current
  // and size); the salary detail screen reads the same through its own list/page/detail/export (the
  // generic read-only routes).
  {
    method: 'GET',
    url: salaryDetail.api,
    access: { kind: 'anyButton', codes: [salary.permission, salaryDetail.permission] },
    handler: async (req) => ok(await listRows(ctx, salaryDetail, caller(req), params(req))),
  },
  ...['list', 'page'].map((verb) => ({
    method: 'GET' as const,
    url: `${salaryMonth.api}/${verb}`,
    access: button(salaryMonth.permission),
    handler: async (req: Parameters<typeof caller>[0]) =>
      ok(await salarySummary(ctx, caller(req), params(req))),
  })),
  {
    method: 'GET',
    url: `${salaryMonth.api}/export`,
    access: {
      kind: 'anyButton',
      codes: [`${salaryMonth.permission}_export`, `${salaryMonth.permission}_view`],
    },
    download: true,
    handler: async (req, reply) => exportSalarySummary(ctx, caller(req), params(req), reply),
  },
]
