// A declaration's `unique` groups are what a restore re-checks: each names fields of the entity (a
// wrong name would fail every restore of it), and only entities whose deletes can be undone say it.
import { expect, it } from 'vitest'
import { canRestore } from './entity.ts'
import { entities } from './registry.ts'

it('names fields of restorable entities in every unique group', () => {
  const declared = entities.filter((def) => def.unique?.length)
  expect(declared.map((def) => def.name).sort()).toEqual([
    'employee',
    'giftDetail',
    'model',
    'order',
    'param',
    'product',
    'reconciliationStatement',
    'salary',
    'salaryCs',
    'salaryMcn',
    'tkOrder',
  ])
  const wrong = declared.flatMap((def) => [
    ...(canRestore(def) ? [] : [`${def.name}: cannot be restored`]),
    ...def
      .unique!.flat()
      .filter((name) => !def.fields.some((f) => f.name === name))
      .map((name) => `${def.name}.${name}: no such field`),
  ])
  expect(wrong).toEqual([])
})
