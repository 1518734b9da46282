import { screen, waitFor, within } from '@testing-library/react'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { renderShell } from '@/test/render-shell'
import { WelcomePage } from './welcome-page'

const server = setupMsw()
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const leaf = (id: string, label: string) => ({
  id,
  label,
  path: `/x/${id}`,
  icon: '',
  children: [],
  meta: {},
  isOpen: 1,
})

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  sessionStore.login({
    access_token: 'a',
    refresh_token: 'r',
    user_id: '1',
    account: 'admin',
    real_name: '阮文安',
  })
  sessionStore.setMenu([
    { ...leaf('g', '业务'), children: [leaf('a', '商品列表'), leaf('b', '订单列表')] },
  ])
})

describe('home page', () => {
  it('greets the user, lists the latest notices from the server and the menu shortcuts, most used first', async () => {
    localStorage.setItem(
      'saber-menuUsage',
      JSON.stringify({ dataType: 'object', content: { '/x/b': 4 }, datetime: 0 }),
    )
    let query = ''
    server.use(
      mock.get(`${API}/blade-desk/notice/list`, ({ request }) => {
        query = new URL(request.url).search
        return ok({
          records: [{ id: '1', title: '春节放假通知', releaseTime: '2024-02-01 09:00:00' }],
          total: 1,
        })
      }),
    )
    renderShell(<WelcomePage />)
    expect(await screen.findByText('你好，阮文安，欢迎使用越南电商管理平台')).toBeTruthy()
    expect(await screen.findByText('春节放假通知')).toBeTruthy()
    expect(screen.getByText('2024-02-01')).toBeTruthy()
    expect(query).toBe('?current=1&size=5')
    const shortcuts = within(screen.getByTestId('home-shortcuts'))
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(shortcuts).toEqual(['订单列表', '商品列表'])
  })

  it('shows an empty state when there is no notice', async () => {
    server.use(mock.get(`${API}/blade-desk/notice/list`, () => ok({ records: [], total: 0 })))
    renderShell(<WelcomePage />)
    await waitFor(() => expect(screen.getByText('暂无通知')).toBeTruthy())
  })
})
