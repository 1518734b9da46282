import { describe, expect, it } from 'vitest'
import { flattenTree } from './tree-rows'

const forest = [
  {
    id: '1',
    name: 'a',
    children: [
      { id: '11', name: 'a1', children: [{ id: '111', name: 'a11' }] },
      { id: '12', name: 'a2' },
    ],
  },
  { id: '2', name: 'b', hasChildren: true },
]

describe('flattenTree', () => {
  it('shows the children of expanded rows only, with their depth', () => {
    const open = new Set(['1'])
    const { rows, meta } = flattenTree(
      forest,
      (id) => open.has(id),
      (r) => r.children as never,
    )
    expect(rows.map((r) => r.id)).toEqual(['1', '11', '12', '2'])
    expect(meta.get('11')).toEqual({ depth: 1, expandable: true, expanded: false })
    expect(meta.get('12')).toEqual({ depth: 1, expandable: false, expanded: false })
    expect(meta.get('2')).toEqual({ depth: 0, expandable: true, expanded: false })
  })

  it('walks lazily loaded children and ignores rows not loaded yet', () => {
    const loaded = new Map([['2', [{ id: '21', name: 'b1' }]]])
    const { rows, meta } = flattenTree(
      forest,
      () => true,
      (r) => (r.children as never) ?? loaded.get(String(r.id)),
    )
    expect(rows.map((r) => r.id)).toEqual(['1', '11', '111', '12', '2', '21'])
    expect(meta.get('111')?.depth).toBe(2)
  })
})
