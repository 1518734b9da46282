import { beforeEach, describe, expect, it } from 'vitest'
import { clearStore, getStore, KEY_PREFIX, removeStore, setStore } from './storage'

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('storage helper (docs/product.md §9)', () => {
  it('keys carry the prefix and values are {dataType, content, datetime}', () => {
    const before = Date.now()
    setStore({ name: 'token', content: 'abc' })
    const raw = JSON.parse(localStorage.getItem(`${KEY_PREFIX}token`) ?? 'null') as Record<
      string,
      unknown
    >
    expect(raw).toMatchObject({ dataType: 'string', content: 'abc' })
    expect(raw.datetime).toBeGreaterThanOrEqual(before)
    expect(KEY_PREFIX).toBe('saber-')
    expect(getStore({ name: 'token' })).toBe('abc')
    expect(getStore({ name: 'token', debug: true })).toMatchObject({
      dataType: 'string',
      content: 'abc',
    })
  })

  it('uses session storage when a type is given, local storage otherwise', () => {
    setStore({ name: 'tags', content: [1, 2], type: 'session' })
    setStore({ name: 'menu', content: { a: 1 } })
    expect(sessionStorage.getItem('saber-tags')).not.toBeNull()
    expect(localStorage.getItem('saber-tags')).toBeNull()
    expect(localStorage.getItem('saber-menu')).not.toBeNull()
    expect(getStore({ name: 'tags' })).toEqual([1, 2])
    expect(getStore({ name: 'menu' })).toEqual({ a: 1 })
    removeStore({ name: 'tags', type: 'session' })
    expect(getStore({ name: 'tags' })).toBeUndefined()
  })

  it('keeps an explicitly stored empty string apart from a missing entry', () => {
    setStore({ name: 'token', content: '' })
    expect(getStore({ name: 'token' })).toBe('')
    expect(getStore({ name: 'other' })).toBeUndefined()
  })

  it('clears only prefixed entries, of one area or both', () => {
    setStore({ name: 'a', content: 1 })
    setStore({ name: 'b', content: 2, type: 'session' })
    localStorage.setItem('foreign', 'x')
    clearStore({ type: 'session' })
    expect(getStore({ name: 'b' })).toBeUndefined()
    expect(getStore({ name: 'a' })).toBe(1)
    clearStore()
    expect(getStore({ name: 'a' })).toBeUndefined()
    expect(localStorage.getItem('foreign')).toBe('x')
  })

  it('ignores an unreadable entry', () => {
    localStorage.setItem('saber-bad', '{oops')
    expect(getStore({ name: 'bad' })).toBeUndefined()
  })
})
