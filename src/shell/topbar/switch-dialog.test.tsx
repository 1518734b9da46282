import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setReload } from '@/api/auth'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { renderShell } from '@/test/render-shell'
import { SwitchDialog } from './switch-dialog'

const server = setupMsw()
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
let selectCalls: string[] = []
let tokenRequests: Request[] = []

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  sessionStore.login({
    access_token: 'a1',
    refresh_token: 'r1',
    tenant_id: '000000',
    user_id: '42',
    account: 'admin',
  })
  selectCalls = []
  tokenRequests = []
  server.use(
    mock.get(`${API}/blade-system/dept/select`, ({ request }) => {
      selectCalls.push(request.url)
      return ok([
        { id: '10', deptName: '越南电商' },
        { id: '11', deptName: '财务部' },
      ])
    }),
    mock.get(`${API}/blade-system/role/select`, ({ request }) => {
      selectCalls.push(request.url)
      return ok([
        { id: '20', roleName: '超级管理员' },
        { id: '21', roleName: '财务' },
      ])
    }),
    mock.post(`${API}/blade-auth/oauth/token`, ({ request }) => {
      tokenRequests.push(request.clone())
      return HttpResponse.json({
        access_token: 'a2',
        refresh_token: 'r2',
        tenant_id: '000000',
        user_id: '42',
        account: 'admin',
        dept_id: '11',
        role_id: '21',
      })
    }),
  )
})

describe('switch dept/role dialog', () => {
  it('requires a dept and a role', async () => {
    const user = userEvent.setup()
    renderShell(<SwitchDialog opened onClose={() => {}} />)
    await user.click(await screen.findByRole('button', { name: '确定' }))
    // Each message shows as the placeholder and as the validation error.
    await waitFor(() => expect(screen.getAllByText('请选择部门').length).toBeGreaterThan(0))
    expect(document.querySelectorAll('.mantine-InputWrapper-error')).toHaveLength(2)
    const errors = [...document.querySelectorAll('.mantine-InputWrapper-error')].map(
      (e) => e.textContent,
    )
    expect(errors).toEqual(['请选择部门', '请选择角色'])
    expect(tokenRequests).toHaveLength(0)
  })

  it('loads the choices for the user and switches: refresh grant with Dept-Id/Role-Id, then reload', async () => {
    const reload = vi.fn()
    setReload(reload)
    const user = userEvent.setup()
    renderShell(<SwitchDialog opened onClose={() => {}} />)
    await waitFor(() => expect(selectCalls).toHaveLength(2))
    expect(selectCalls.every((u) => new URL(u).searchParams.get('userId') === '42')).toBe(true)
    await waitFor(() =>
      expect((screen.getByTestId('switch-role') as HTMLInputElement).disabled).toBe(false),
    )
    // Under jsdom the portal dropdown still counts as hidden (opening transition): include hidden nodes.
    await user.click(screen.getByTestId('switch-dept'))
    await user.click(await screen.findByRole('option', { name: '财务部', hidden: true }))
    await user.click(screen.getByTestId('switch-role'))
    await user.click(await screen.findByRole('option', { name: '财务', hidden: true }))
    await user.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(tokenRequests[0].headers.get('Dept-Id')).toBe('11')
    expect(tokenRequests[0].headers.get('Role-Id')).toBe('21')
    expect(new URL(tokenRequests[0].url).searchParams.get('grant_type')).toBe('refresh_token')
    expect(sessionStore.getState().accessToken).toBe('a2')
  })
})
