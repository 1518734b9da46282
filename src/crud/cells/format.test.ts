import { msg } from '@lingui/core/runtime-macro'
import { describe, expect, it } from 'vitest'
import type { FieldDef } from '@/domain/entity'
import type { Option } from '../dict-options'
import { formatCell } from './format'

const words = { yes: '是', no: '否', minutes: '分钟' }
const field = (f: Partial<FieldDef>): FieldDef => ({
  name: 'x',
  label: msg`字段`,
  type: 'string',
  ...f,
})
const options: Option[] = [
  { value: '1', label: '男' },
  { value: '2', label: '女', children: [{ value: '21', label: '子项' }] },
]

describe('formatCell', () => {
  it('shows option labels, several for a multiple field, keys compared as strings', () => {
    const dict = field({ options: { kind: 'dict', code: 'sex' } })
    expect(formatCell(dict, 1, options, words)).toBe('男')
    expect(formatCell(dict, '21', options, words)).toBe('子项')
    expect(
      formatCell(
        field({ options: { kind: 'dict', code: 'sex' }, multiple: true }),
        '1,2',
        options,
        words,
      ),
    ).toBe('男, 女')
    expect(formatCell(dict, '9', options, words)).toBe('9')
  })
  it('booleans, dates and months', () => {
    expect(formatCell(field({ type: 'boolean' }), 1, [], words)).toBe('是')
    expect(formatCell(field({ type: 'boolean' }), false, [], words)).toBe('否')
    expect(formatCell(field({ type: 'date' }), '2024-03-05 00:00:00', [], words)).toBe('2024-03-05')
    expect(formatCell(field({ type: 'month' }), '2024-03-01', [], words)).toBe('2024-03')
    expect(formatCell(field({ type: 'datetime' }), '2024-03-05 10:11:12', [], words)).toBe(
      '2024-03-05 10:11:12',
    )
  })
  it('applies the display format with translated units', () => {
    expect(formatCell(field({ type: 'number', format: 'vnd' }), 150000, [], words)).toBe(
      '150,000 ₫',
    )
    expect(
      formatCell(field({ type: 'integer', format: 'minutes' }), 90, [], {
        ...words,
        minutes: 'minutes',
      }),
    ).toBe('90 minutes')
  })
  it('empty values are blank', () => {
    expect(formatCell(field({}), null, [], words)).toBe('')
    expect(formatCell(field({ options: { kind: 'dict', code: 'sex' } }), '', options, words)).toBe(
      '',
    )
  })
})
