import { describe, expect, it } from 'vitest'
import {
  checkedInTreeOrder,
  checkedLeaves,
  checkedWithHalf,
  filterTree,
  indexTree,
  statusOf,
  toggle,
} from './check-tree-state'

// system ─ user ─ user_add, user_edit ; system ─ dept ; desk
const tree = [
  {
    value: 'system',
    title: '系统',
    children: [
      {
        value: 'user',
        title: '用户',
        children: [
          { value: 'user_add', title: '新增' },
          { value: 'user_edit', title: '修改' },
        ],
      },
      { value: 'dept', title: '部门' },
    ],
  },
  { value: 'desk', title: '工作台' },
]
const idx = indexTree(tree)

describe('check tree state', () => {
  it('checks a parent with all its descendants and marks its ancestors half-checked', () => {
    const s = toggle(idx, new Set(), 'user', true)
    expect([...s].sort()).toEqual(['system', 'user', 'user_add', 'user_edit'])
    expect(statusOf(idx, s, 'user')).toBe('checked')
    expect(statusOf(idx, s, 'system')).toBe('half')
    expect(statusOf(idx, s, 'desk')).toBe('none')
    expect(checkedWithHalf(idx, s).sort()).toEqual(['system', 'user', 'user_add', 'user_edit'])
  })

  it('unchecks ancestors left with nothing checked below them', () => {
    let s = toggle(idx, new Set(), 'user_add', true)
    expect(statusOf(idx, s, 'user')).toBe('half')
    s = toggle(idx, s, 'user_add', false)
    expect([...s]).toEqual([])
  })

  it('keeps a parent held without its children as half-checked, so saving keeps it', () => {
    const s = new Set(['system', 'user'])
    expect(statusOf(idx, s, 'user')).toBe('half')
    expect(checkedWithHalf(idx, s).sort()).toEqual(['system', 'user'])
  })

  it('reports a parent whose descendants are all checked as checked, and leaves only on demand', () => {
    const s = new Set(['user_add', 'user_edit', 'dept', 'ghost'])
    expect(statusOf(idx, s, 'system')).toBe('checked')
    expect(checkedWithHalf(idx, s).sort()).toEqual([
      'dept',
      'system',
      'user',
      'user_add',
      'user_edit',
    ])
    expect(checkedLeaves(idx, s).sort()).toEqual(['dept', 'user_add', 'user_edit'])
  })

  it('strict mode changes one node only', () => {
    const s = toggle(idx, new Set(), 'user', true, true)
    expect([...s]).toEqual(['user'])
    expect(statusOf(idx, s, 'system', true)).toBe('none')
  })
})

describe('check tree as a form value', () => {
  it('keeps checked and half-checked nodes, children before parents', () => {
    expect(checkedInTreeOrder(tree, idx, toggle(idx, new Set(), 'user_edit', true))).toEqual([
      'user_edit',
      'user',
      'system',
    ])
    expect(checkedInTreeOrder(tree, idx, new Set(['desk', 'dept']), true)).toEqual(['dept', 'desk'])
  })
  it('filters by title and keeps the path to each match', () => {
    const found = filterTree(tree, '修改')
    expect(found.map((n) => n.value)).toEqual(['system'])
    expect(found[0].children?.map((n) => n.value)).toEqual(['user'])
    expect(found[0].children?.[0].children?.map((n) => n.value)).toEqual(['user_edit'])
    expect(filterTree(tree, ' ')).toBe(tree)
  })
})
