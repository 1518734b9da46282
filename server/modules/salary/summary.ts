// GET /api/dmr/salary/summary/list|page|export: per salary (one month × one salary source) the sums
// of its detail rows, computed from dmr_salary_detail on every read, newest month first; filtered by
// the declaration's month range and source. So the summary always equals the sum of the rows. Each
// also counts and names its employees paid on another salary of the same month (other-sheets.ts).
import type { FastifyReply } from 'fastify'
import { sql } from 'kysely'
import { fieldsOf } from '../../../src/domain/entity.ts'
import { salaryMonth } from '../../../src/domain/finance/salary-month.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import type { AuthUser } from '../../auth/context.ts'
import { allOf } from '../../crud/conditions.ts'
import { parsePage, parseSearchFilters } from '../../crud/filters.ts'
import { labelOf, optionLabels, withNames } from '../../crud/labels.ts'
import { tenantOf } from '../../crud/scope.ts'
import { dynamic, type Row } from '../../crud/table.ts'
import { formatDateTime } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'
import { writeXlsx, type Cell } from '../../core/xlsx.ts'
import { DETAIL_TABLE, paidTwice } from './other-sheets.ts'

/** Summary field → the detail column it sums. */
const SUMS: [string, string][] = [
  ['salaryAmountTotal', 'salary_amount'],
  ['intershipAmountTotal', 'intership_amount'],
  ['benefitAmountTotal', 'benefit_amount'],
  ['bonusAmountTotal', 'bonus_amount'],
  ['insuranceAmountTotal', 'insurance_amount'],
  ['insuranceEmpAmountTotal', 'insurance_emp_amount'],
  ['empTaxTotal', 'emp_tax'],
  ['totalAmount', 'total_amount'],
]

function direction(query: Record<string, string>): 'asc' | 'desc' {
  for (const [param, dir] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const col = query[param]?.split(',')[0]?.trim()
    if (!col) continue
    if (col !== 'detailDate' && col !== 'detail_date') throw badRequest(`不支持的排序字段: ${col}`)
    return dir
  }
  return 'desc'
}

export async function salarySummary(
  ctx: AppContext,
  user: AuthUser,
  query: Record<string, string>,
) {
  const filters = parseSearchFilters(salaryMonth, query)
  const dir = direction(query)
  const { current, size } = parsePage(query)
  const db = dynamic(ctx.db)
  const rows = db
    .selectFrom(DETAIL_TABLE)
    .where('tenant_id', '=', tenantOf(user, { tenantId: query.tenantId }))
    .where((eb) => allOf(eb, filters))
  const groups = ['salary_id', 'detail_date', 'salary_source'] as const
  const counted = (await db
    .selectFrom(rows.select(groups).groupBy(groups).as('g'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst()) as Row | undefined
  const total = Number(counted?.total ?? 0)
  const found = (await rows
    .select(['salary_id as id', 'detail_date', 'salary_source'])
    .select((eb) => [
      eb.fn.countAll<number>().as('employeeCount'),
      ...SUMS.map(([name, column]) => sql<number>`sum(${sql.ref(column)})`.as(name)),
    ])
    .groupBy(groups)
    .orderBy('detail_date', dir)
    .orderBy('salary_source')
    .limit(size)
    .offset((current - 1) * size)
    .execute()) as Row[]
  const labels = await optionLabels(ctx, salaryMonth, user)
  const twice = await paidTwice(
    db,
    found.map((r) => String(r.id)),
  )
  const records = found.map((r) => {
    const names = twice.get(String(r.id)) ?? []
    return withNames(labels, {
      ...r,
      employeeCount: Number(r.employeeCount),
      ...Object.fromEntries(SUMS.map(([name]) => [name, Number(r[name] ?? 0)])),
      repeatCount: names.length,
      repeatNames: names.join('、'),
    })
  })
  return {
    records,
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    orders: [],
    searchCount: true,
  }
}

/** The summary of the filter as xlsx: the list's columns, sources by their labels, sums as numbers. */
export async function exportSalarySummary(
  ctx: AppContext,
  user: AuthUser,
  query: Record<string, string>,
  reply: FastifyReply,
) {
  const fields = fieldsOf(salaryMonth, 'list').filter((f) => f.name !== 'id')
  const labels = await optionLabels(ctx, salaryMonth, user)
  const out: Cell[][] = []
  for (let current = 1; ; current++) {
    const page = await salarySummary(ctx, user, { ...query, current: String(current), size: '500' })
    for (const r of page.records)
      out.push(
        fields.map((f) =>
          labels.has(f.name) ? labelOf(labels, f.name, r[f.name]) : (r[f.name] as Cell),
        ),
      )
    if (current >= page.pages) break
  }
  const title = sourceText(salaryMonth.title)
  const bytes = writeXlsx(
    title,
    fields.map((f) => sourceText(f.label)),
    out,
  )
  const name = `${title}-${formatDateTime().replace(/[-: ]/g, '')}.xlsx`
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Content-Length', String(bytes.length))
    .send(Buffer.from(bytes))
}
