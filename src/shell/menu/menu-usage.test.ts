import { beforeEach, describe, expect, it } from 'vitest'
import type { MenuNode } from '@/api/session'
import { mostUsed, readUsage, recordUsage } from './menu-usage'

const leaf = (id: string): MenuNode => ({
  id,
  label: id,
  path: `/${id}`,
  icon: '',
  children: [],
  meta: {},
  isOpen: 1,
})
const tree = [leaf('a'), { ...leaf('g'), children: [leaf('b'), leaf('c')] }, leaf('d')]

beforeEach(() => localStorage.clear())

describe('menu usage', () => {
  it('counts openings per path in local storage', () => {
    recordUsage('/b')
    recordUsage('/b')
    recordUsage('/d')
    expect(readUsage()).toEqual({ '/b': 2, '/d': 1 })
  })

  it('orders leaves by use, then menu order, up to the limit', () => {
    expect(mostUsed(tree, { '/c': 3, '/d': 1 }).map((n) => n.id)).toEqual(['c', 'd', 'a', 'b'])
    expect(mostUsed(tree, {}, 2).map((n) => n.id)).toEqual(['a', 'b'])
  })
})
