import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import { ErrorPage } from './error-page'
import { LockPage } from './lock-page'

const server = setupMsw()

beforeEach(() => {
  localStorage.clear()
  sessionStore.login({
    access_token: 'a',
    refresh_token: 'r',
    user_id: '1',
    account: 'admin',
    real_name: '管理员',
  })
  sessionStore.lock('1234')
})

describe('lock page', () => {
  it('shows the user; a wrong password is refused; the right one unlocks', async () => {
    const unlocked = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<LockPage onUnlocked={unlocked} onLoggedOut={vi.fn()} />)
    expect(screen.getByText('管理员')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '解锁' }))
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy()
    await user.type(screen.getByLabelText('锁屏密码'), '9999{Enter}')
    expect(await screen.findByText('解锁密码错误,请重新输入')).toBeTruthy()
    expect(sessionStore.getState().isLock).toBe(true)
    await user.clear(screen.getByLabelText('锁屏密码'))
    await user.type(screen.getByLabelText('锁屏密码'), '1234{Enter}')
    expect(unlocked).toHaveBeenCalledTimes(1)
    expect(sessionStore.getState()).toMatchObject({
      isLock: false,
      lockPasswd: '',
      accessToken: 'a',
    })
  })

  it('log out ends the session', async () => {
    server.use(
      mock.get(`${API}/blade-auth/oauth/logout`, () =>
        HttpResponse.json({ success: 'true', msg: 'success' }),
      ),
    )
    const out = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<LockPage onUnlocked={vi.fn()} onLoggedOut={out} />)
    await user.click(screen.getByRole('button', { name: '退出登录' }))
    await waitFor(() => expect(out).toHaveBeenCalled())
    expect(sessionStore.getState()).toMatchObject({ accessToken: '', isLock: false })
  })
})

describe('error pages', () => {
  it('show the code and go back home', async () => {
    const home = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<ErrorPage code={404} onHome={home} />)
    expect(screen.getByText('404')).toBeTruthy()
    expect(screen.getByText('抱歉，你访问的页面不存在')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '返回首页' }))
    expect(home).toHaveBeenCalled()
  })
})
