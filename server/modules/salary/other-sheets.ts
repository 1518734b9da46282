// An employee paid on two salaries of one month (two salary sources) is paid twice: the salary
// form leaves them out of "fill from employees" and warns on the row, a save must confirm it
// (CONFIRM_FLAG in the body), and the monthly summary counts them. The rows of removed salaries are
// deleted with them, so every detail row here belongs to a live salary.
import type { AnyDb, Row } from '../../crud/table.ts'

export const DETAIL_TABLE = 'dmr_salary_detail'
/** The body field that confirms paying employees who are already on another salary of the month. */
export const CONFIRM_FLAG = 'confirmOtherSheets'

export interface OtherSheet {
  dmrEmpId: string
  dmrEmpVnName: string | null
  salaryId: string
  salarySource: string
}

/** The rows of the month's other salaries (of these employees only, when given). */
export async function otherSheetRows(
  trx: AnyDb,
  tenantId: string,
  month: string,
  exceptSalaryId: string | null,
  employeeIds?: string[],
): Promise<OtherSheet[]> {
  if (employeeIds && employeeIds.length === 0) return []
  let q = trx
    .selectFrom(DETAIL_TABLE)
    .select(['dmr_emp_id', 'dmr_emp_vn_name', 'salary_id', 'salary_source'])
    .where('tenant_id', '=', tenantId)
    .where('detail_date', '=', month)
  if (exceptSalaryId) q = q.where('salary_id', '<>', exceptSalaryId)
  if (employeeIds) q = q.where('dmr_emp_id', 'in', employeeIds)
  const rows = (await q.orderBy('salary_source').orderBy('line_no').execute()) as Row[]
  return rows.map((r) => ({
    dmrEmpId: String(r.dmrEmpId),
    dmrEmpVnName: (r.dmrEmpVnName as string | null) ?? null,
    salaryId: String(r.salaryId),
    salarySource: String(r.salarySource),
  }))
}

/** Whether a request confirms paying employees of another salary of the month (true, 1 or "true"). */
export function confirmsOtherSheets(input: Row): boolean {
  const v = input[CONFIRM_FLAG]
  return v === true || v === 1 || v === '1' || v === 'true'
}

/**
 * Per salary of these, the employees it pays who are also on another salary of its month (by
 * employee id, their Vietnamese names), for the monthly summary's mark.
 */
export async function paidTwice(trx: AnyDb, salaryIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (salaryIds.length === 0) return out
  const rows = (await trx
    .selectFrom(`${DETAIL_TABLE} as d`)
    .select(['d.salary_id', 'd.dmr_emp_vn_name', 'd.dmr_emp_id'])
    .where('d.salary_id', 'in', salaryIds)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom(`${DETAIL_TABLE} as o`)
          .select('o.id')
          .whereRef('o.tenant_id', '=', 'd.tenant_id')
          .whereRef('o.detail_date', '=', 'd.detail_date')
          .whereRef('o.dmr_emp_id', '=', 'd.dmr_emp_id')
          .whereRef('o.salary_id', '<>', 'd.salary_id'),
      ),
    )
    .orderBy('d.line_no')
    .execute()) as Row[]
  for (const r of rows) {
    const list = out.get(String(r.salaryId)) ?? []
    list.push(String(r.dmrEmpVnName ?? r.dmrEmpId))
    out.set(String(r.salaryId), list)
  }
  return out
}
