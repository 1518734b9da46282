// The rules of salary writes a declaration cannot say: one live salary per tenant, month and salary
// source; each detail row a live employee of the tenant, each employee once; the rows' amounts
// computed here from the employee record (salary-math.ts, floored; hand-set amounts kept) whatever
// the request says, a row that cannot be computed (standardDays 0), counts more days than the
// standard days or pays less than nothing refused; an employee already on another salary of the
// month refused unless the request confirms it (other-sheets.ts); the salary's totals kept; and the rows stored in dmr_salary_detail in the salary's
// transaction, with the salary's month and source and the employee's names copied in.
import {
  daysOverStandard,
  isManual,
  salaryAmounts,
  salaryMessages,
} from '../../../src/domain/finance/salary-math.ts'
import { salary } from '../../../src/domain/finance/salary.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import { rowsOf } from '../../../src/domain/validate.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import { writeSlot } from '../../crud/write-state.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import { EMPLOYEE_TABLE } from '../employee/employee-rules.ts'
import { lockNames } from '../../db/advisory-locks.ts'
import { parkLines, unparkLines } from '../../crud/parked-lines.ts'
import {
  CONFIRM_FLAG,
  confirmsOtherSheets,
  DETAIL_TABLE,
  otherSheetRows,
  type OtherSheet,
} from './other-sheets.ts'

export const MSG_MONTH_TAKEN = (month: string, source: string) =>
  `${month} 的「${source}」工资已存在，请修改原工资单`
export const MSG_EMPLOYEE_UNKNOWN = (ids: string[]) => `员工不存在或已删除: ${ids.join(', ')}`
const MSG_ROW = (line: number, message: string) => `第 ${line} 行: ${message}`
const MSG_DAYS_OVER = (name: string, labour: unknown, intern: unknown, standard: unknown) =>
  `${name}: ${sourceText(salaryMessages.daysOverStandard)}（${Number(labour ?? 0)} + ${Number(intern ?? 0)} > ${Number(standard)}）`
const MSG_OTHER_SHEET = (who: string, month: string, source: string) =>
  `${who} 已在 ${month} 的「${source}」工资单中，同月重复发放工资须确认（${CONFIRM_FLAG}: true）`

/** A detail row as stored (snake_case columns), amounts computed. */
type StoredLine = Row

const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v))

/** The label of a salary source (the message names it as people know it), else its key. */
async function sourceLabel(trx: AnyDb, tenantId: string, key: string): Promise<string> {
  const hit = (await trx
    .selectFrom('blade_dict_biz')
    .select('dict_value')
    .where('tenant_id', 'in', [tenantId, '000000'])
    .where('code', '=', 'salary_source')
    .where('dict_key', '=', key)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()) as Row | undefined
  return hit ? String(hit.dictValue) : key
}

/** The rows of a request's `detail` (already validated by the declaration), checked and computed. */
export async function salaryLines(
  trx: AnyDb,
  tenantId: string,
  detail: unknown,
): Promise<StoredLine[]> {
  const rows = rowsOf(detail) ?? []
  const seen = new Map<string, number>()
  rows.forEach((r, i) => {
    const id = String(r.dmrEmpId)
    if (seen.has(id))
      throw badRequest(
        MSG_ROW(
          i + 1,
          `${sourceText(salaryMessages.duplicateEmployee)}（与第 ${seen.get(id)! + 1} 行相同）`,
        ),
      )
    seen.set(id, i)
  })
  const ids = [...seen.keys()]
  const found = ids.length
    ? ((await trx
        .selectFrom(EMPLOYEE_TABLE)
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .where('id', 'in', ids)
        .execute()) as Row[])
    : []
  const employees = new Map(found.map((e) => [String(e.id), e]))
  const unknown = ids.filter((id) => !employees.has(id))
  if (unknown.length) throw badRequest(MSG_EMPLOYEE_UNKNOWN(unknown))
  return rows.map((r, i) => {
    const e = employees.get(String(r.dmrEmpId))!
    if (daysOverStandard(r))
      throw badRequest(
        MSG_ROW(
          i + 1,
          MSG_DAYS_OVER(
            String(e.dmrEmpVnName ?? e.id),
            r.labourDays,
            r.intershipDays,
            r.standardDays,
          ),
        ),
      )
    const a = salaryAmounts(
      {
        basicSalary: Number(e.dmrEmpBasicSalary),
        internshipSalary: Number(e.dmrEmpInternshipSalary),
        benefit: Number(e.dmrEmpBenefit),
      },
      r,
    )
    if (a.salaryAmount === null || a.intershipAmount === null || a.totalAmount === null)
      throw badRequest(MSG_ROW(i + 1, sourceText(salaryMessages.standardDays)))
    if (a.totalAmount < 0)
      throw badRequest(MSG_ROW(i + 1, sourceText(salaryMessages.negativeTotal)))
    return {
      line_no: i + 1,
      dmr_emp_id: String(e.id),
      dmr_emp_vn_name: e.dmrEmpVnName ?? null,
      dmr_emp_cn_name: e.dmrEmpCnName ?? null,
      standard_days: num(r.standardDays),
      labour_days: num(r.labourDays) ?? 0,
      intership_days: num(r.intershipDays) ?? 0,
      salary_amount_manual: isManual(r.salaryAmount, r.salaryAmountManual) ? 1 : 0,
      intership_amount_manual: isManual(r.intershipAmount, r.intershipAmountManual) ? 1 : 0,
      salary_amount: a.salaryAmount,
      intership_amount: a.intershipAmount,
      benefit_amount: a.benefitAmount,
      bonus_amount: a.bonusAmount,
      insurance_amount: a.insuranceAmount,
      insurance_emp_amount: a.insuranceEmpAmount,
      emp_tax: a.empTax,
      total_amount: a.totalAmount,
    }
  })
}

/**
 * The request's rows, checked and computed, waiting for the salary's row (afterWrite). Kept by these
 * hooks rather than as declared `lines` (crud/sub-lines.ts): each stored row also carries its number,
 * the employee's names and copies of the salary's month and source, and a removed salary's rows are
 * parked for its undo.
 */
const PENDING_LINES = writeSlot<StoredLine[]>('salary rows')

async function beforeSalaryWrite({
  ctx,
  trx,
  user,
  values,
  existing,
  input,
  state,
}: WriteContext): Promise<void> {
  const tenantId = existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
  const month = String('detail_date' in values ? values.detail_date : existing?.detailDate)
  const source = String('salary_source' in values ? values.salary_source : existing?.salarySource)
  // Two writes of one month and source at once (PostgreSQL) would both find it free: the later waits;
  // so do two writes of one month (the same employee on two sources' salaries).
  await lockNames(trx, ctx.dialect, [
    [salary.table, tenantId, month, source].join('\u0001'),
    [salary.table, tenantId, month].join('\u0001'),
  ])
  let taken = trx
    .selectFrom(salary.table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('detail_date', '=', month)
    .where('salary_source', '=', source)
    .where('is_deleted', '=', 0)
  if (existing) taken = taken.where('id', '<>', String(existing.id))
  if (await taken.executeTakeFirst())
    throw badRequest(MSG_MONTH_TAKEN(month, await sourceLabel(trx, tenantId, source)))

  const salaryId = existing ? String(existing.id) : null
  // An update without detail keeps the stored rows and their totals (and, moved to another month,
  // must not pay them twice there).
  if (!('detail' in input)) {
    if (existing && month !== String(existing.detailDate))
      await refuseOtherSheets(
        trx,
        tenantId,
        month,
        salaryId,
        input,
        await storedLines(trx, String(existing.id)),
      )
    return
  }
  const lines = await salaryLines(trx, tenantId, input.detail)
  await refuseOtherSheets(trx, tenantId, month, salaryId, input, lines)
  state.set(PENDING_LINES, lines)
  values.employee_count = lines.length
  values.total_amount = lines.reduce((sum, l) => sum + Number(l.total_amount), 0)
}

async function storedLines(trx: AnyDb, salaryId: string): Promise<StoredLine[]> {
  const rows = (await trx
    .selectFrom(DETAIL_TABLE)
    .select(['dmr_emp_id', 'dmr_emp_vn_name', 'line_no'])
    .where('salary_id', '=', salaryId)
    .orderBy('line_no')
    .execute()) as Row[]
  return rows.map((r) => ({
    dmr_emp_id: String(r.dmrEmpId),
    dmr_emp_vn_name: r.dmrEmpVnName ?? null,
    line_no: Number(r.lineNo),
  }))
}

/** 400 naming the rows' employees already paid by another salary of the month, unless the request confirms it. */
async function refuseOtherSheets(
  trx: AnyDb,
  tenantId: string,
  month: string,
  salaryId: string | null,
  input: Row,
  lines: StoredLine[],
): Promise<void> {
  if (confirmsOtherSheets(input)) return
  const others = await otherSheetRows(
    trx,
    tenantId,
    month,
    salaryId,
    lines.map((l) => String(l.dmr_emp_id)),
  )
  if (others.length === 0) return
  const sheetOf = new Map<string, OtherSheet>()
  for (const o of others) if (!sheetOf.has(o.dmrEmpId)) sheetOf.set(o.dmrEmpId, o)
  const hits = lines.filter((l) => sheetOf.has(String(l.dmr_emp_id)))
  const line = hits[0]!
  const first = sheetOf.get(String(line.dmr_emp_id))!
  const who = `${String(line.dmr_emp_vn_name ?? first.dmrEmpVnName ?? first.dmrEmpId)}${hits.length > 1 ? ` 等 ${hits.length} 名员工` : ''}`
  throw badRequest(
    MSG_ROW(
      Number(line.line_no),
      MSG_OTHER_SHEET(who, month, await sourceLabel(trx, tenantId, first.salarySource)),
    ),
  )
}

/** Stores the salary's rows (when the request carried them); else keeps their copy of month and source. */
async function afterSalaryWrite({ trx, row, state }: WriteContext & { row: Row }): Promise<void> {
  const salaryId = String(row.id)
  const copied = {
    tenant_id: String(row.tenantId),
    salary_id: salaryId,
    detail_date: String(row.detailDate),
    salary_source: String(row.salarySource),
  }
  const lines = state.get(PENDING_LINES)
  const t = now()
  if (!lines) {
    await trx
      .updateTable(DETAIL_TABLE)
      .set({ detail_date: copied.detail_date, salary_source: copied.salary_source, update_time: t })
      .where('salary_id', '=', salaryId)
      .execute()
    return
  }
  await trx.deleteFrom(DETAIL_TABLE).where('salary_id', '=', salaryId).execute()
  const rows = lines.map((l) => ({ id: nextId(), ...copied, ...l, create_time: t, update_time: t }))
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto(DETAIL_TABLE)
      .values(rows.slice(i, i + 100))
      .execute()
}

/**
 * A removed salary's rows go with it (the salary itself is soft-deleted; only the caller's tenant's):
 * parked, so that undoing the delete brings them back.
 */
async function afterSalaryRemove({
  trx,
  user,
  ids,
}: Parameters<NonNullable<CrudOptions['afterRemove']>>[0]): Promise<void> {
  const removed = (await trx
    .selectFrom(salary.table)
    .select('id')
    .where('id', 'in', ids)
    .where('tenant_id', '=', user.tenantId)
    .where('is_deleted', '=', 1)
    .execute()) as Row[]
  await parkLines(
    trx,
    DETAIL_TABLE,
    'salary_id',
    removed.map((r) => String(r.id)),
  )
}

export const salaryRules: Pick<
  CrudOptions,
  'beforeWrite' | 'afterWrite' | 'afterRemove' | 'afterRestore'
> = {
  beforeWrite: beforeSalaryWrite,
  afterWrite: afterSalaryWrite,
  afterRemove: afterSalaryRemove,
  afterRestore: ({ trx, ids }) => unparkLines(trx, DETAIL_TABLE, 'salary_id', ids),
}
