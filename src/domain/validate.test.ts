import { msg } from '@lingui/core/runtime-macro'
import { describe, expect, it } from 'vitest'
import { defineEntity, type FieldDef } from './entity.ts'
import { sourceText } from './messages.ts'
import { isRealDate, validateField, validateFilterValue, validateRecord } from './validate.ts'

const quote = defineEntity({
  name: 'sample',
  title: msg`示例`,
  api: '/sample',
  table: 'sample',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'sample',
  fields: [
    { name: 'kolPrice', label: msg`报价`, type: 'number', required: true, max: 10000 },
    {
      name: 'tkFollowers',
      label: msg`粉丝数`,
      type: 'number',
      pattern: { regex: '^[+-]?\\d+(\\.\\d+)?$', message: msg`只能输入数字` },
    },
    {
      name: 'cooperateType',
      label: msg`合作类型`,
      type: 'string',
      required: msg`合作类型不能为空`,
    },
    {
      name: 'status',
      label: msg`状态`,
      type: 'integer',
      options: {
        kind: 'static',
        options: [
          { value: 0, label: msg`在职` },
          { value: 1, label: msg`离职` },
        ],
      },
    },
    { name: 'checkDate', label: msg`盘点日期`, type: 'date' },
    { name: 'stockTotal', label: msg`总数`, type: 'integer', readOnly: true },
  ],
})

const text = (field: string, v: unknown) => {
  const m = validateField(
    quote.fields.find((f) => f.name === field)!,
    v,
  )
  return m ? sourceText(m) : null
}

describe('validateField', () => {
  it('uses the declared message for a required field, else a generic one', () => {
    expect(text('cooperateType', '')).toBe('合作类型不能为空')
    expect(text('kolPrice', undefined)).toBe('报价不能为空')
  })
  it('checks numbers and limits', () => {
    expect(text('kolPrice', '10000')).toBeNull()
    expect(text('kolPrice', 10001)).toBe('报价不能大于10000')
    expect(text('kolPrice', 'abc')).toBe('报价只能是数字')
    expect(text('tkFollowers', '12k')).toBe('只能输入数字')
    expect(text('tkFollowers', '-1.5')).toBeNull()
  })
  it('checks static options and dates', () => {
    expect(text('status', 1)).toBeNull()
    expect(text('status', 7)).toBe('状态的值不在可选范围内')
    expect(text('checkDate', '2026-11-22')).toBeNull()
    expect(text('checkDate', '22/11/2026')).toBe('盘点日期不是有效的日期')
  })
})

describe('validateRecord', () => {
  it('checks every form field on add and only the carried ones on edit; read-only fields are ignored', () => {
    expect(validateRecord(quote, { stockTotal: 'x' }, 'add').map((e) => e.field)).toEqual([
      'kolPrice',
      'cooperateType',
    ])
    expect(validateRecord(quote, { kolPrice: 5 }, 'edit')).toEqual([])
  })
})

describe('visibleWhen and rows', () => {
  const price: FieldDef = {
    name: 'kolPrice',
    label: msg`Price`,
    type: 'number',
    required: true,
    max: 10000,
  }
  const schedule: FieldDef = {
    name: 'detail',
    label: msg`Schedule`,
    type: 'rows',
    required: true,
    rows: [price],
  }
  const shown: FieldDef = {
    name: 'yaml',
    label: msg`Yaml`,
    type: 'text',
    required: true,
    visibleWhen: { field: 'category', equals: [2, 3] },
  }

  it('skips a hidden field and checks it once shown', () => {
    expect(validateField(shown, '', { category: 1 })).toBeNull()
    expect(validateField(shown, '', { category: '2' })).not.toBeNull()
  })
  it('requires a non-empty rows list and checks every row', () => {
    expect(validateField(schedule, [])).not.toBeNull()
    expect(validateField(schedule, 'not json')).not.toBeNull()
    expect(validateField(schedule, [{ kolPrice: 20000 }])).not.toBeNull()
    expect(validateField(schedule, JSON.stringify([{ kolPrice: 100 }]))).toBeNull()
    expect(validateField(schedule, [{ kolPrice: 100 }, {}])).not.toBeNull()
  })
  it('refuses more rows than the declared max, with its own message', () => {
    const two: FieldDef = { ...schedule, max: 2 }
    expect(validateField(two, [{ kolPrice: 1 }, { kolPrice: 2 }])).toBeNull()
    expect(validateField(two, [{ kolPrice: 1 }, { kolPrice: 2 }, { kolPrice: 3 }])?.values).toEqual(
      { label: two.label, max: 2 },
    )
  })
})

describe('values a column cannot hold', () => {
  const field = (f: Partial<FieldDef> & Pick<FieldDef, 'type'>): FieldDef => ({
    name: 'x',
    label: msg`值`,
    ...f,
  })
  const say = (f: FieldDef, v: unknown) => {
    const m = validateField(f, v)
    return m ? sourceText(m) : null
  }
  it('knows which calendar dates exist', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31 23:59:59', '2026-11'].map(isRealDate)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(
      [
        '2026-13-45',
        '2026-02-30 25:61:61',
        '2026-02-29',
        '2026-04-31',
        '2026-00-10',
        '2026-01-01 24:00:00',
      ].map(isRealDate),
    ).toEqual([false, false, false, false, false, false])
    expect(say(field({ type: 'datetime' }), '2026-02-30 10:00:00')).toBe('值不是有效的日期')
  })
  it('refuses objects and lists for text, NUL characters, and text longer than its column', () => {
    expect(say(field({ type: 'string' }), { a: 1 })).toBe('值格式不正确')
    expect(say(field({ type: 'string' }), ['a'])).toBe('值格式不正确')
    expect(say(field({ type: 'string', multiple: true }), ['a', 'b'])).toBeNull()
    expect(say(field({ type: 'text' }), 'a\u0000b')).toBe('值格式不正确')
    expect(say(field({ type: 'string' }), 'x'.repeat(256))).toBe('值长度不能超过255个字符')
  })
  it('bounds integers to 32 bits and numbers to numeric(14, 2) unless declared', () => {
    expect(say(field({ type: 'integer' }), 2147483648)).toBe('值不能大于2147483647')
    expect(say(field({ type: 'integer' }), '-2147483649')).toBe('值不能小于-2147483648')
    expect(say(field({ type: 'integer', max: 5 }), 6)).toBe('值不能大于5')
    expect(say(field({ type: 'number' }), 1e23)).toBe('值只能是数字')
    expect(say(field({ type: 'number' }), '1000000000000')).toBe('值不能大于999999999999')
  })
  it('checks filter values as their operator compares them', () => {
    const m = (f: FieldDef, op: string, v: string) =>
      validateFilterValue(f, op, v) && sourceText(validateFilterValue(f, op, v)!)
    expect(m(field({ type: 'integer' }), 'ge', '1e999')).toBe('值只能是整数')
    expect(m(field({ type: 'integer' }), 'like', '1')).toBe('值格式不正确')
    expect(m(field({ type: 'integer' }), 'between', '1,2')).toBeFalsy()
    expect(m(field({ type: 'datetime' }), 'datege', '2026-02-30')).toBe('值不是有效的日期')
    expect(m(field({ type: 'string' }), 'like', '%_x')).toBeFalsy()
    expect(m(field({ type: 'boolean' }), 'equal', 'yes')).toBe('值格式不正确')
  })
})
