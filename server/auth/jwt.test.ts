// Access-token verification remembers tokens it has verified, but never past their expiry, never
// for another secret, and never for a token that differs by a byte.
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthUser } from './context.ts'
import { signAccessToken, verifyAccessToken, VerifiedTokens } from './jwt.ts'

const user: AuthUser = {
  userId: '1',
  tenantId: '000000',
  account: 'a',
  userName: 'a',
  realName: 'a',
  roleIds: ['2'],
  roleAliases: ['x'],
  deptIds: [],
  postId: '',
  oauthId: '',
  clientId: 'saber',
  sessionId: 's1',
}

afterEach(() => vi.useRealTimers())

describe('verifyAccessToken', () => {
  it('accepts a verified token again, and refuses it once expired', async () => {
    const secret = randomBytes(32)
    const remembered = new VerifiedTokens()
    const token = await signAccessToken(user, secret, 60)
    expect(await verifyAccessToken(token, secret, remembered)).toMatchObject({
      userId: '1',
      roleIds: ['2'],
      sessionId: 's1',
    })
    expect(await verifyAccessToken(token, secret, remembered)).toMatchObject({ userId: '1' })
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] })
    await expect(verifyAccessToken(token, secret, remembered)).rejects.toThrow()
  })

  it('refuses a remembered token under another secret, and a tampered copy', async () => {
    const secret = randomBytes(32)
    const remembered = new VerifiedTokens()
    const token = await signAccessToken(user, secret, 60)
    await verifyAccessToken(token, secret, remembered)
    await expect(verifyAccessToken(token, randomBytes(32), remembered)).rejects.toThrow()
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    await expect(verifyAccessToken(tampered, secret, remembered)).rejects.toThrow()
  })
})
