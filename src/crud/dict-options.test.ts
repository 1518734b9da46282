import { describe, expect, it } from 'vitest'
import { dictLabel, flattenOptions, toOptions } from './dict-options'

describe('option sources', () => {
  it('labels dictionary entries by dictValue, or by remark in English when given; keys as strings', () => {
    const raw = {
      kind: 'dict' as const,
      entries: [
        { dictKey: 1, dictValue: '男', remark: 'Male' },
        { dictKey: 2, dictValue: '女', remark: '' },
      ],
    }
    expect(toOptions(raw, 'zh')).toEqual([
      { value: '1', label: '男' },
      { value: '2', label: '女' },
    ])
    expect(toOptions(raw, 'en')).toEqual([
      { value: '1', label: 'Male' },
      { value: '2', label: '女' },
    ])
    expect(dictLabel({ dictKey: 'a', dictValue: '甲', remark: null }, 'en')).toBe('甲')
  })
  it('maps TreeNode forests (title/value) and flattens them for look-ups', () => {
    const tree = toOptions(
      {
        kind: 'tree',
        nodes: [{ title: '总部', value: 1, children: [{ title: '研发部', value: '11' }] }],
      },
      'zh',
    )
    expect(tree).toEqual([
      { value: '1', label: '总部', children: [{ value: '11', label: '研发部' }] },
    ])
    expect(flattenOptions(tree).map((o) => o.value)).toEqual(['1', '11'])
  })
})
