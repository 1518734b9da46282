// The conflict's field-by-field comparison: values compare as their field holds them, bookkeeping
// stays out, and only a field my change carries can differ.
import { msg } from '@lingui/core/runtime-macro'
import { describe, expect, it } from 'vitest'
import { defineEntity, type FieldDef } from '@/domain/entity'
import { conflictLines, sameValue } from './conflict-values'

const money: FieldDef = { name: 'amount', label: msg`金额`, type: 'number' }
const roles: FieldDef = { name: 'roleId', label: msg`角色`, type: 'ids', multiple: true }
const lines: FieldDef = {
  name: 'items',
  label: msg`明细`,
  type: 'rows',
  rows: [
    { name: 'sku', label: msg`SKU`, type: 'string' },
    { name: 'qty', label: msg`数量`, type: 'integer' },
  ],
}

const demo = defineEntity({
  name: 'conflictDemo',
  title: msg`演示`,
  api: '/demo/conflict',
  table: 'demo_conflict',
  tenant: false,
  base: true,
  softDelete: false,
  permission: 'conflict_demo',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', readOnly: true },
    { name: 'name', label: msg`名称`, type: 'string' },
    money,
    roles,
    lines,
  ],
})

describe('sameValue', () => {
  it('compares numbers as numbers, blanks as no value, multiple keys in any order', () => {
    expect(sameValue(money, 6000000, '6000000.00')).toBe(true)
    expect(sameValue(money, 6000000, '6000001')).toBe(false)
    expect(sameValue(money, null, '')).toBe(true)
    expect(sameValue(money, 0, null)).toBe(false)
    expect(sameValue(roles, ['2', '1'], '1,2')).toBe(true)
    expect(sameValue(roles, '1', '1,2')).toBe(false)
  })

  it('compares sub-records by their declared cells only', () => {
    expect(
      sameValue(lines, [{ sku: 'A', qty: 2 }], [{ id: '9', sku: 'A', qty: '2', amount: 10 }]),
    ).toBe(true)
    expect(sameValue(lines, [{ sku: 'A', qty: 2 }], [{ sku: 'A', qty: 3 }])).toBe(false)
    expect(
      sameValue(
        lines,
        [{ sku: 'A', qty: 2 }],
        [
          { sku: 'A', qty: 2 },
          { sku: 'B', qty: 1 },
        ],
      ),
    ).toBe(false)
  })
})

describe('conflictLines', () => {
  it('lists declared fields in order, then my undeclared keys; bookkeeping stays out', () => {
    const mine = { id: '1', version: 3, name: 'Mine', amount: 5, extra: 'x' }
    const theirs = {
      id: '1',
      version: 4,
      name: 'Theirs',
      amount: '5.00',
      roleId: '1',
      updateUser: '7',
      updateUserName: '阮文A',
      updateTime: '2026-11-20 10:00:00',
    }
    const out = conflictLines(demo, mine, theirs)
    expect(out.map((l) => [l.name, l.differs])).toEqual([
      ['name', true],
      ['amount', false],
      ['roleId', false],
      ['extra', true],
    ])
    expect(out[0]).toMatchObject({
      mine: 'Mine',
      theirs: 'Theirs',
      label: { id: expect.any(String) },
    })
  })
})
