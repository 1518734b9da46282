import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderShell } from '@/test/render-shell'
import { LockDialog } from './lock-dialog'

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  sessionStore.login({ access_token: 'a', refresh_token: 'r', user_id: '1', account: 'admin' })
})

describe('lock dialog', () => {
  it('requires a lock password', async () => {
    const user = userEvent.setup()
    renderShell(<LockDialog opened onClose={() => {}} />)
    await user.click(await screen.findByRole('button', { name: '确定' }))
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy()
    expect(sessionStore.getState().isLock).toBe(false)
  })

  it('locks with the password on Enter, then opens /lock after a short delay', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    const { router } = renderShell(<LockDialog opened onClose={onClose} />, { path: '/wel/index' })
    await user.type(await screen.findByPlaceholderText('请输入锁屏密码'), 'secret{Enter}')
    expect(sessionStore.getState()).toMatchObject({ isLock: true, lockPasswd: 'secret' })
    expect(onClose).toHaveBeenCalled()
    expect(router.state.location.pathname).toBe('/wel/index')
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock'))
  })
})
