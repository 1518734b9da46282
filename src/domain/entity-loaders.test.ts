// The lazy list of declarations is keyed by menu code: each key must be its entity's permission
// (the generic screen of a menu is found by that key), and every entity must be listed once.
import { describe, expect, it } from 'vitest'
import { entityLoaders } from './entity-loaders.ts'
import { entities } from './registry.ts'

describe('entity loaders', () => {
  it('key every declaration by its own menu code', async () => {
    for (const [code, load] of Object.entries(entityLoaders))
      expect((await load()).permission, code).toBe(code)
  })

  it('list every entity once, and the registry holds them all', () => {
    const names = entities.map((e) => e.name)
    expect(new Set(names).size).toBe(names.length)
    expect(entities).toHaveLength(Object.keys(entityLoaders).length)
  })
})
