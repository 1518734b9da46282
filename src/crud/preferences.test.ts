import { describe, expect, it } from 'vitest'
import { getPreference, setPreference } from './preferences'

describe('preferences store (IndexedDB)', () => {
  it('persists a screen preference and reads it back', async () => {
    const scope = { tenantId: '000000', userId: '1' }
    await setPreference(scope, 'crud:param', {
      size: 30,
      hiddenColumns: ['paramKey'],
      filters: { paramName: 'a' },
    })
    expect(await getPreference(scope, 'crud:param')).toEqual({
      size: 30,
      hiddenColumns: ['paramKey'],
      filters: { paramName: 'a' },
    })
  })
  it('keeps each tenant and user apart', async () => {
    await setPreference({ tenantId: '000000', userId: '1' }, 'crud:user', { size: 50 })
    await setPreference({ tenantId: '000000', userId: '2' }, 'crud:user', { size: 100 })
    await setPreference({ tenantId: '111111', userId: '1' }, 'crud:user', { size: 200 })
    expect(await getPreference({ tenantId: '000000', userId: '1' }, 'crud:user')).toEqual({
      size: 50,
    })
    expect(await getPreference({ tenantId: '000000', userId: '2' }, 'crud:user')).toEqual({
      size: 100,
    })
    expect(await getPreference({ tenantId: '111111', userId: '1' }, 'crud:user')).toEqual({
      size: 200,
    })
    expect(await getPreference({ tenantId: '111111', userId: '2' }, 'crud:user')).toBeUndefined()
  })
  it('a later write replaces the earlier one', async () => {
    const scope = { tenantId: '000000', userId: '9' }
    await setPreference(scope, 'crud:post', { size: 10 })
    await setPreference(scope, 'crud:post', { size: 30 })
    expect(await getPreference(scope, 'crud:post')).toEqual({ size: 30 })
  })
})
