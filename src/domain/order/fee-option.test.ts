// A fee option's label follows the UI language and falls back to the other language when empty.
import { describe, expect, it } from 'vitest'
import { feeOptionLabel } from './fee-option.ts'

describe('feeOptionLabel', () => {
  const both = { feeOptionEn: 'Commission fee', feeOprionCn: '平台佣金' }
  it('Chinese UI: the Chinese name; English UI: the English name', () => {
    expect(feeOptionLabel(both, 'zh')).toBe('平台佣金')
    expect(feeOptionLabel(both, 'en')).toBe('Commission fee')
  })
  it('falls back to the other language when one is empty or blank', () => {
    expect(feeOptionLabel({ feeOptionEn: 'Only English', feeOprionCn: '' }, 'zh')).toBe(
      'Only English',
    )
    expect(feeOptionLabel({ feeOptionEn: '  ', feeOprionCn: '仅中文' }, 'en')).toBe('仅中文')
    expect(feeOptionLabel({}, 'en')).toBe('')
  })
})
