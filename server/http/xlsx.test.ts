import { describe, expect, it } from 'vitest'
import { readXlsx, writeXlsx } from './xlsx.ts'

describe('xlsx codec', () => {
  it('round-trips text, numbers, empty cells and XML characters', () => {
    const bytes = writeXlsx('用户', ['账户', '姓名', '年龄'], [['admin', '管理员 <&>', 30], ['x', null, 1.5]])
    expect(bytes[0]).toBe(0x50) // PK zip header
    expect(readXlsx(bytes)).toEqual([['账户', '姓名', '年龄'], ['admin', '管理员 <&>', '30'], ['x', '', '1.5']])
  })
  it('refuses bytes that are not an xlsx', () => {
    expect(() => readXlsx(new TextEncoder().encode('hello'))).toThrow('not an xlsx')
  })
})
