// The rules of employee writes a declaration cannot say (submit and each import row alike): the
// citizen ID unique per tenant among live rows, the bank given by its dictionary key or its name
// (files say "Vietcombank") and stored as the key, the email checked (it is not a form field, so
// the declaration's check skips it), and the two salary totals computed here, floored to đồng.
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import { badRequest } from '../../core/envelope.ts'
import { lockNames } from '../../db/advisory-locks.ts'

export const EMPLOYEE_TABLE = 'dmr_employee'

export const MSG_IDCARD_TAKEN = (idcard: string) => `身份证号 ${idcard} 已存在`
export const MSG_BANK_UNKNOWN = (bank: string) => `开户银行不存在: ${bank}`
const MSG_BAD_EMAIL = '请输入正确的邮箱地址'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A salary plus the benefit, floored to whole đồng (docs/product.md §9). */
export const salaryTotal = (salary: unknown, benefit: unknown): number =>
  Math.floor(Number(salary ?? 0) + Number(benefit ?? 0))

const squeeze = (v: string) => v.replace(/\s+/g, '').toLowerCase()

/** The bank dictionary's key for a key or a name, or null when the dictionary has neither. */
async function bankKey(trx: AnyDb, tenantId: string, given: string): Promise<string | null> {
  const entries = (await trx
    .selectFrom('blade_dict_biz')
    .select(['dict_key', 'dict_value'])
    .where('tenant_id', 'in', [tenantId, '000000'])
    .where('code', '=', 'bank')
    .where('parent_id', '<>', '0')
    .where('is_deleted', '=', 0)
    .execute()) as Row[]
  const wanted = squeeze(given)
  const hit =
    entries.find((e) => String(e.dictKey) === given) ??
    entries.find(
      (e) => squeeze(String(e.dictKey)) === wanted || squeeze(String(e.dictValue)) === wanted,
    )
  return hit ? String(hit.dictKey) : null
}

async function beforeEmployeeWrite({
  ctx,
  trx,
  user,
  values,
  existing,
  input,
}: WriteContext): Promise<void> {
  const tenantId = existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
  const after = (column: string, field: string): unknown =>
    column in values ? values[column] : existing?.[field]

  const idcard = String(after('dmr_emp_idcard', 'dmrEmpIdcard') ?? '').trim()
  if ('dmr_emp_idcard' in values) values.dmr_emp_idcard = idcard
  // Two writes of one citizen ID at once (PostgreSQL) would both find it free: the later waits here.
  await lockNames(trx, ctx.dialect, [`${EMPLOYEE_TABLE}\u0001${tenantId}\u0001${idcard}`])
  let taken = trx
    .selectFrom(EMPLOYEE_TABLE)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('dmr_emp_idcard', '=', idcard)
    .where('is_deleted', '=', 0)
  if (existing) taken = taken.where('id', '<>', String(existing.id))
  if (await taken.executeTakeFirst()) throw badRequest(MSG_IDCARD_TAKEN(idcard))

  if (typeof values.dmr_emp_bank === 'string' && values.dmr_emp_bank.trim()) {
    const key = await bankKey(trx, tenantId, values.dmr_emp_bank.trim())
    if (!key) throw badRequest(MSG_BANK_UNKNOWN(values.dmr_emp_bank.trim()))
    values.dmr_emp_bank = key
  }
  if (
    typeof values.dmr_emp_email === 'string' &&
    values.dmr_emp_email.trim() &&
    !EMAIL.test(values.dmr_emp_email.trim())
  )
    throw badRequest(MSG_BAD_EMAIL)

  // Empty money means none (0), so the totals are always numbers.
  for (const column of ['dmr_emp_internship_salary', 'dmr_emp_basic_salary', 'dmr_emp_benefit'])
    if (column in values && (values[column] === null || values[column] === undefined))
      values[column] = 0
  const benefit = after('dmr_emp_benefit', 'dmrEmpBenefit')
  values.salary_basic_total = salaryTotal(
    after('dmr_emp_basic_salary', 'dmrEmpBasicSalary'),
    benefit,
  )
  values.salary_internship_total = salaryTotal(
    after('dmr_emp_internship_salary', 'dmrEmpInternshipSalary'),
    benefit,
  )
}

export const employeeRules: Pick<CrudOptions, 'beforeWrite'> = { beforeWrite: beforeEmployeeWrite }
