// A menu code's generic screen loads its declaration once; a code without one has no screen.
import { describe, expect, it } from 'vitest'
import { product } from '@/domain/product/product'
import { genericScreenFor, loadEntity } from './generic-screens'

describe('generic screens by menu code', () => {
  it('load the declaration of a known code once and none for an unknown code', async () => {
    const first = loadEntity('product')
    expect(first).toBe(loadEntity('product'))
    expect(await first).toBe(product)
    expect(loadEntity('no_such_menu')).toBeUndefined()
    expect(loadEntity('toString')).toBeUndefined()
  })

  it('give one lazy screen per declared code', () => {
    expect(genericScreenFor('product')).toBe(genericScreenFor('product'))
    expect(genericScreenFor('no_such_menu')).toBeUndefined()
  })
})
