// Demo employees and salary: 30 employees of a Vietnamese shop (names, citizen IDs, banks
// of the `bank` dictionary, salaries in VND) and last month's office salary for the employed ones,
// computed by the server's own rules (employee-rules.ts, salary-rules.ts): insurance at the
// Vietnamese rates (company 21.5 %, employee 10.5 % of the basic salary) and a progressive personal
// income tax. A tenant that already has employees is left as it is.
import type { Kysely } from 'kysely'
import { EMP_EMPLOYED, EMP_RESIGNED } from '../../../src/domain/finance/employee.ts'
import { formatDateTime } from '../../core/dates.ts'
import { nextId } from '../../core/ids.ts'
import { salaryTotal } from '../../modules/employee/employee-rules.ts'
import { salaryLines } from '../../modules/salary/salary-rules.ts'
import { dynamic } from '../../crud/table.ts'
import type { DB } from '../../db/schema.ts'
import type { DemoContext, DemoPart } from './types.ts'

const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
]
const MIDDLE_MALE = ['Văn', 'Minh', 'Quốc', 'Hữu', 'Đức', 'Gia', 'Thanh']
const MIDDLE_FEMALE = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Kim', 'Mỹ', 'Bảo']
const GIVEN_MALE = [
  'An',
  'Bình',
  'Dũng',
  'Hải',
  'Hiếu',
  'Hùng',
  'Khánh',
  'Long',
  'Nam',
  'Phúc',
  'Quân',
  'Sơn',
  'Tuấn',
  'Việt',
  'Trung',
]
const GIVEN_FEMALE = [
  'Châu',
  'Giang',
  'Hà',
  'Hạnh',
  'Hương',
  'Lan',
  'Linh',
  'Mai',
  'Nga',
  'Ngân',
  'Phương',
  'Quỳnh',
  'Thảo',
  'Trang',
  'Vy',
]
/** Chinese staff of the shop (managers and buyers), by Vietnamese spelling and Chinese name. */
const CHINESE = [
  ['Trương Vĩ', '张伟'],
  ['Lý Na', '李娜'],
  ['Vương Phương', '王芳'],
]
/** Province codes of citizen IDs (Hà Nội, Hồ Chí Minh, Đồng Nai, Bình Dương, Long An). */
const PROVINCES = ['001', '079', '075', '074', '080']
const STREETS = [
  'Lê Lợi',
  'Nguyễn Huệ',
  'Hai Bà Trưng',
  'Điện Biên Phủ',
  'Cách Mạng Tháng 8',
  'Võ Văn Tần',
  'Trần Hưng Đạo',
]
const DISTRICTS = ['Quận 1', 'Quận 3', 'Quận 7', 'Bình Thạnh', 'Phú Nhuận', 'Thủ Đức', 'Gò Vấp']

export const DEMO_EMPLOYEES = 30
/** The salary source of the demo month. */
export const DEMO_SALARY_SOURCE = 'office'
const STANDARD_DAYS = 26
/** Personal deduction of the Vietnamese income tax (đồng a month) and its brackets. */
const PERSONAL_DEDUCTION = 11_000_000
const TAX_BRACKETS: [upTo: number, rate: number][] = [
  [5_000_000, 0.05],
  [10_000_000, 0.1],
  [18_000_000, 0.15],
  [32_000_000, 0.2],
  [52_000_000, 0.25],
  [80_000_000, 0.3],
  [Infinity, 0.35],
]

/** Progressive income tax on a month's taxable income, floored. */
export function incomeTax(taxable: number): number {
  let tax = 0
  let from = 0
  for (const [upTo, rate] of TAX_BRACKETS) {
    if (taxable <= from) break
    tax += (Math.min(taxable, upTo) - from) * rate
    from = upTo
  }
  return Math.floor(tax)
}

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!
const int = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1))
const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n)
const ascii = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()

interface DemoEmployee {
  row: Record<string, unknown>
  /** Hired after the demo month began: paid as an intern for it. */
  intern: boolean
}

function employees(ctx: DemoContext, banks: string[], monthStart: Date): DemoEmployee[] {
  const { random, tenantId, today } = ctx
  const names = new Set<string>()
  const idcards = new Set<string>()
  const out: DemoEmployee[] = []
  for (let i = 0; out.length < DEMO_EMPLOYEES; i++) {
    const chinese = i < CHINESE.length ? CHINESE[i]! : null
    const male = chinese ? i !== 1 : random() < 0.45
    const vn = chinese
      ? chinese[0]!
      : `${pick(random, FAMILY)} ${pick(random, male ? MIDDLE_MALE : MIDDLE_FEMALE)} ${pick(random, male ? GIVEN_MALE : GIVEN_FEMALE)}`
    if (names.has(vn)) continue
    const n = out.length
    // Two newcomers (interns this month), two who left, the rest employed for up to three years.
    const intern = n === 5 || n === 17
    const resigned = n === 11 || n === 24
    const hire = intern
      ? addDays(monthStart, int(random, 1, 10))
      : addDays(today, -int(random, 120, 1100))
    const basic = chinese ? int(random, 25, 40) * 1_000_000 : int(random, 70, 220) * 100_000
    const internship = Math.floor((basic * 0.85) / 100_000) * 100_000
    const benefit = pick(random, [500_000, 800_000, 1_000_000, 1_500_000, 2_000_000])
    const born = new Date(int(random, 1982, 2004), int(random, 0, 11), int(random, 1, 28))
    const idcard = `${pick(random, PROVINCES)}${male ? (born.getFullYear() < 2000 ? 0 : 2) : born.getFullYear() < 2000 ? 1 : 3}${pad(born.getFullYear() % 100)}${pad(int(random, 0, 999_999), 6)}`
    if (idcards.has(idcard)) continue
    names.add(vn)
    idcards.add(idcard)
    const t = formatDateTime(today)
    out.push({
      intern,
      row: {
        id: nextId(),
        tenant_id: tenantId,
        dmr_emp_cn_name: chinese ? chinese[1] : null,
        dmr_emp_vn_name: vn,
        dmr_emp_sex: male ? 1 : 2,
        dmr_emp_status: resigned ? EMP_RESIGNED : EMP_EMPLOYED,
        dmr_emp_hire_date: day(hire),
        dmr_emp_regular_date: intern ? null : day(addDays(hire, 60)),
        dmr_emp_internship_salary: internship,
        dmr_emp_basic_salary: basic,
        dmr_emp_benefit: benefit,
        salary_internship_total: salaryTotal(internship, benefit),
        salary_basic_total: salaryTotal(basic, benefit),
        dmr_emp_bank: pick(random, banks),
        dmr_emp_bank_account: `${int(random, 1, 9)}${pad(int(random, 0, 999_999_999), 9)}${pad(int(random, 0, 999), 3)}`,
        dmr_emp_address: `${int(random, 1, 350)} ${pick(random, STREETS)}, ${pick(random, DISTRICTS)}, TP. Hồ Chí Minh`,
        dmr_emp_birthday: day(born),
        dmr_emp_idcard: idcard,
        dmr_emp_email: `${ascii(vn).split(' ').reverse().join('.')}${n}@dmr.vn`,
        create_user: null,
        create_dept: null,
        create_time: t,
        update_user: null,
        update_time: t,
        status: 1,
        is_deleted: 0,
        version: 1,
      },
    })
  }
  return out
}

/** A detail row of the demo month: days worked, a bonus for some, insurance and income tax. */
function salaryRow(
  ctx: DemoContext,
  e: DemoEmployee,
  monthStart: Date,
  monthEnd: Date,
): Record<string, unknown> {
  const { random } = ctx
  const r = e.row
  const basic = Number(r.dmr_emp_basic_salary)
  const benefit = Number(r.dmr_emp_benefit)
  const hire = new Date(`${String(r.dmr_emp_hire_date)}T00:00:00`)
  // Days from the hire date to the month's end, counted as working days of a 26-day month.
  const internDays = e.intern
    ? Math.max(
        1,
        Math.round(
          (STANDARD_DAYS * (monthEnd.getTime() - hire.getTime())) /
            (monthEnd.getTime() - monthStart.getTime()),
        ),
      )
    : 0
  const labourDays = e.intern ? 0 : pick(random, [26, 26, 26, 26, 25, 24, 23.5, 22])
  const bonusAmount = random() < 0.3 ? pick(random, [300_000, 500_000, 1_000_000, 2_000_000]) : 0
  const insured = e.intern ? 0 : basic
  const insuranceEmpAmount = Math.floor(insured * 0.105)
  const gross =
    Math.floor((basic * labourDays) / STANDARD_DAYS) +
    Math.floor((Number(r.dmr_emp_internship_salary) * internDays) / STANDARD_DAYS) +
    benefit +
    bonusAmount
  return {
    dmrEmpId: r.id,
    standardDays: STANDARD_DAYS,
    labourDays,
    intershipDays: internDays,
    benefitAmount: benefit,
    bonusAmount,
    insuranceAmount: Math.floor(insured * 0.215),
    insuranceEmpAmount,
    empTax: incomeTax(Math.max(0, gross - insuranceEmpAmount - PERSONAL_DEDUCTION)),
  }
}

async function writeDemo(trx: Kysely<DB>, ctx: DemoContext): Promise<void> {
  const db = dynamic(trx)
  const banks = (
    await trx
      .selectFrom('bladeDictBiz')
      .select('dictKey')
      .where('tenantId', 'in', [ctx.tenantId, '000000'])
      .where('code', '=', 'bank')
      .where('parentId', '<>', '0')
      .where('isDeleted', '=', 0)
      .orderBy('sort')
      .execute()
  ).map((b) => b.dictKey)
  if (banks.length === 0) throw new Error('the bank dictionary is not seeded')
  const monthStart = new Date(ctx.today.getFullYear(), ctx.today.getMonth() - 1, 1)
  const monthEnd = new Date(ctx.today.getFullYear(), ctx.today.getMonth(), 1)
  const staff = employees(ctx, banks, monthStart)
  await db
    .insertInto('dmr_employee')
    .values(staff.map((e) => e.row))
    .execute()

  const employed = staff.filter((e) => e.row.dmr_emp_status === EMP_EMPLOYED)
  const lines = await salaryLines(
    db,
    ctx.tenantId,
    employed.map((e) => salaryRow(ctx, e, monthStart, monthEnd)),
  )
  const t = formatDateTime(ctx.today)
  const month = `${monthStart.getFullYear()}-${pad(monthStart.getMonth() + 1)}`
  const salaryId = nextId()
  await db
    .insertInto('dmr_salary')
    .values({
      id: salaryId,
      tenant_id: ctx.tenantId,
      detail_date: month,
      salary_source: DEMO_SALARY_SOURCE,
      employee_count: lines.length,
      total_amount: lines.reduce((sum, l) => sum + Number(l.total_amount), 0),
      remark: null,
      create_user: null,
      create_dept: null,
      create_time: t,
      update_user: null,
      update_time: t,
      status: 1,
      is_deleted: 0,
      version: 1,
    })
    .execute()
  const rows = lines.map((l) => ({
    id: nextId(),
    tenant_id: ctx.tenantId,
    salary_id: salaryId,
    detail_date: month,
    salary_source: DEMO_SALARY_SOURCE,
    ...l,
    create_time: t,
    update_time: t,
  }))
  await db.insertInto('dmr_salary_detail').values(rows).execute()
}

export const salaryDemo: DemoPart = {
  name: 'employees and salary',
  run: async (ctx) => {
    const have = await ctx.db
      .selectFrom('dmrEmployee')
      .select('id')
      .where('tenantId', '=', ctx.tenantId)
      .limit(1)
      .executeTakeFirst()
    if (have) return
    // The runner writes the whole demo in one transaction; run on its own (tests), this part opens one.
    if (ctx.db.isTransaction) await writeDemo(ctx.db, ctx)
    else await ctx.db.transaction().execute((trx) => writeDemo(trx, ctx))
  },
}
