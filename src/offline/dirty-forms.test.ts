import { expect, it } from 'vitest'
import { anyDirty, markDirty } from './dirty-forms'

it('is dirty while at least one form is dirty', () => {
  expect(anyDirty()).toBe(false)
  markDirty('user-form', true)
  markDirty('dict-form', true)
  expect(anyDirty()).toBe(true)
  markDirty('user-form', false)
  expect(anyDirty()).toBe(true)
  markDirty('dict-form', false)
  expect(anyDirty()).toBe(false)
  // Marking clean twice, or a form never marked, changes nothing.
  markDirty('dict-form', false)
  markDirty('never-seen', false)
  expect(anyDirty()).toBe(false)
})
