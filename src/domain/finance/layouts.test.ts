// The layout flags (docs/product.md §2 "Layout specifics") of the finance screens, locked: the
// generic screen reads them straight from the declarations (crud-screen, use-permissions,
// crud-table), so a changed flag changes what finance sees — an add button on employees (they come
// in by import only), a menu column of the wrong width, a hidden column shown, a read-only summary
// made editable.
import { describe, expect, it } from 'vitest'
import { componentOf, fieldsOf, type EntityDef, type FieldDef } from '../entity.ts'
import { sourceText } from '../messages.ts'
import { reconciliationStatement } from '../reconciliation/reconciliation-statement.ts'
import { employee } from './employee.ts'
import { salaryMonth } from './salary-month.ts'

const field = (def: EntityDef, name: string): FieldDef => {
  const f = def.fields.find((x) => x.name === name)
  if (!f) throw new Error(`${def.name} declares no ${name}`)
  return f
}
const names = (fields: FieldDef[]) => fields.map((f) => f.name)

describe('employee layout (docs/product.md §2)', () => {
  it('is searchable, with selection and index, edit but neither view nor add, and a centred menu of 140', () => {
    expect(employee.layout).toMatchObject({
      selection: true,
      index: true,
      view: false,
      add: false,
      edit: true,
      menuWidth: 140,
      menuAlign: 'center',
    })
    // Searchable: the search panel shows when a field is searchable (crud-screen.tsx).
    expect(names(fieldsOf(employee, 'search'))).toEqual([
      'dmrEmpCnName',
      'dmrEmpVnName',
      'dmrEmpStatus',
      'dmrEmpHireDate',
      'dmrEmpBank',
      'dmrEmpIdcard',
    ])
  })

  it('keeps the Chinese name and the email out of the forms, but in the table', () => {
    const form = names(fieldsOf(employee, 'form'))
    expect(form).not.toContain('dmrEmpCnName')
    expect(form).not.toContain('dmrEmpEmail')
    // Still shown: only the forms leave them out.
    expect(names(fieldsOf(employee, 'list'))).toEqual(
      expect.arrayContaining(['dmrEmpCnName', 'dmrEmpEmail']),
    )
    // The fields finance does edit are there.
    expect(form).toEqual(
      expect.arrayContaining([
        'dmrEmpVnName',
        'dmrEmpSex',
        'dmrEmpStatus',
        'dmrEmpBank',
        'dmrEmpAddress',
        'dmrEmpIdcard',
      ]),
    )
  })

  it('has the address as a hidden column the user may show', () => {
    expect(field(employee, 'dmrEmpAddress').list).toBe('hidden')
    // 'hidden' is still a column of the table (Avue's hide), unlike list: false.
    expect(names(fieldsOf(employee, 'list'))).toContain('dmrEmpAddress')
  })

  it('picks the sex by radio from the dictionary sex, as an integer', () => {
    const sex = field(employee, 'dmrEmpSex')
    expect(sex).toMatchObject({ type: 'integer', options: { kind: 'dict', code: 'sex' } })
    expect(componentOf(sex)).toBe('radio')
  })

  it('defaults the status to employed, choosing between employed (0) and resigned (1)', () => {
    const status = field(employee, 'dmrEmpStatus')
    expect(status.defaultValue).toBe(0)
    const options = status.options?.kind === 'static' ? status.options.options : []
    expect(options.map((o) => [o.value, sourceText(o.label)])).toEqual([
      [0, '在职'],
      [1, '离职'],
    ])
  })

  it('takes the bank from the business dictionary bank, children of one parent, 20 of them', () => {
    expect(field(employee, 'dmrEmpBank').options).toEqual({
      kind: 'dictBizChild',
      code: 'bank',
      size: 20,
    })
  })
})

describe('monthly salary summary layout (docs/product.md §2)', () => {
  it('is read-only with a menu of 300', () => {
    expect(salaryMonth.layout).toMatchObject({
      readOnly: true,
      add: false,
      edit: false,
      del: false,
      menuWidth: 300,
    })
    // Its rows are sums the server computes on every read: no generated write endpoint either.
    expect(salaryMonth.custom).toBe(true)
  })
})

describe('reconciliation statement layout (docs/product.md §2)', () => {
  it('has view on and a menu of 300', () => {
    expect(reconciliationStatement.layout).toMatchObject({ view: true, menuWidth: 300 })
  })

  it('hides id, createdAt and updatedAt from the table and the forms', () => {
    const list = names(fieldsOf(reconciliationStatement, 'list'))
    const form = names(fieldsOf(reconciliationStatement, 'form'))
    for (const name of ['id', 'createdAt', 'updatedAt']) {
      expect(list, name).not.toContain(name)
      expect(form, name).not.toContain(name)
    }
    expect(names(fieldsOf(reconciliationStatement, 'view'))).not.toContain('id')
    // What the table does show: the date and the totals.
    expect(list).toEqual(['statementDate', 'totalIncomeVnd', 'totalExpenseVnd', 'balanceVnd'])
  })
})
