// Storage/SMS configurations: enable asks first and then posts the id; the enabled row carries the
// badge. SMS test sends the code, the phones and the params JSON. Attachments upload then create
// their row from the storage's answer and the file.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http } from '@/api/http'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import AttachScreen from './attach-screen'
import OssScreen from './oss-screen'
import SmsScreen from './sms-screen'

const ok = (data: unknown, msg = '操作成功') =>
  HttpResponse.json({ code: 200, success: true, data, msg })
const posts: { path: string; query: Record<string, string>; body: unknown }[] = []
const page = (records: unknown[]) =>
  ok({ records, total: records.length, size: 10, current: 1, pages: 1 })
const recordPost = (path: string, answer: unknown = null) =>
  mock.post(`${API}${path}`, async ({ request }) => {
    const type = request.headers.get('content-type') ?? ''
    const body = type.includes('json') ? await request.json() : undefined
    posts.push({ path, query: Object.fromEntries(new URL(request.url).searchParams), body })
    return ok(answer)
  })

setupMsw(
  mock.get(`${API}/blade-resource/oss/list`, () =>
    page([
      { id: '21', category: 1, ossCode: 'local', endpoint: 'http://a', status: 2 },
      { id: '22', category: 2, ossCode: 'minio', endpoint: 'http://b', status: 1 },
    ]),
  ),
  mock.get(`${API}/blade-resource/sms/list`, () =>
    page([{ id: '31', category: 1, smsCode: 'log-sms', templateId: 'T1', status: 1 }]),
  ),
  mock.get(`${API}/blade-resource/attach/list`, () =>
    page([
      {
        id: '41',
        link: '/api/blade-resource/oss/endpoint/file/20240102/9.pdf',
        name: '20240102/9.pdf',
        originalName: '合同.pdf',
        extension: 'pdf',
        attachSize: 2048,
      },
    ]),
  ),
  recordPost('/blade-resource/oss/enable'),
  recordPost('/blade-resource/sms/endpoint/send-message', { sent: 2 }),
  recordPost('/blade-resource/attach/submit', { id: '42' }),
)

beforeEach(() => {
  posts.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '9' })
  sessionStore.setPermission({
    oss_enable: true,
    sms_enable: true,
    sms_send: true,
    attach_upload: true,
    attach_download: true,
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  notifications.clean()
})

describe('configuration screens', () => {
  it('badges the enabled storage and enables another after the confirmation', async () => {
    const u = userEvent.setup()
    renderScreen(OssScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await within(table).findByText('minio')
    const [, enabled, other] = within(table).getAllByRole('row')
    expect(within(enabled).getByText('已启用')).toBeTruthy()
    expect(within(enabled).queryByRole('button', { name: '启用' })).toBeNull()
    expect(within(other).queryByText('已启用')).toBeNull()
    await u.click(within(other).getByRole('button', { name: '启用' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('确定启用这条配置?')).toBeTruthy()
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(posts).toEqual([])
    await u.click(within(other).getByRole('button', { name: '启用' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await screen.findByText('操作成功')
    expect(posts).toEqual([
      { path: '/blade-resource/oss/enable', query: { id: '22' }, body: undefined },
    ])
  })

  it('sends a test SMS with the code, the phones and the params JSON', async () => {
    const u = userEvent.setup()
    renderScreen(SmsScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click(await within(table).findByRole('button', { name: '发送测试' }))
    const dialog = await screen.findByRole('dialog')
    const phones = within(dialog).getByRole('textbox', { name: /手机号/ })
    await u.type(phones, '0912abc')
    await u.tab()
    expect(await within(dialog).findByText('请输入正确的手机号，多个以逗号分隔')).toBeTruthy()
    await u.clear(phones)
    await u.type(phones, '0912345678, 0987654321')
    const params = within(dialog).getByRole('textbox', { name: /参数/ })
    await u.click(params)
    await u.paste('[1]')
    await u.click(within(dialog).getByRole('button', { name: '发送' }))
    expect(await within(dialog).findByText(/参数必须是 JSON 对象/)).toBeTruthy()
    expect(posts).toEqual([])
    await u.clear(params)
    await u.paste('{"code": "1234"}')
    await u.click(within(dialog).getByRole('button', { name: '发送' }))
    await screen.findByText('发送成功')
    expect(posts).toEqual([
      {
        path: '/blade-resource/sms/endpoint/send-message',
        query: { code: 'log-sms', phones: '0912345678,0987654321', params: '{"code":"1234"}' },
        body: undefined,
      },
    ])
  })
})

describe('test SMS', () => {
  it('asks before 取消 drops typed phones, and closes at once when nothing was typed', async () => {
    const u = userEvent.setup()
    renderScreen(SmsScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    const open = async () => {
      await u.click(await within(table).findByRole('button', { name: '发送测试' }))
      return screen.findByRole('dialog', { name: '发送测试短信' })
    }
    let dialog = await open()
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    dialog = await open()
    await u.type(within(dialog).getByRole('textbox', { name: /手机号/ }), '0912345678')
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    const ask = await screen.findByRole('dialog', { name: '放弃未保存的内容？' })
    await u.click(within(ask).getByRole('button', { name: '继续编辑' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '放弃未保存的内容？' })).toBeNull(),
    )
    expect(
      (within(dialog).getByRole('textbox', { name: /手机号/ }) as HTMLInputElement).value,
    ).toBe('0912345678')
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    await u.click(
      within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole(
        'button',
        { name: '放弃' },
      ),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posts).toEqual([])
  })
})

describe('attachments', () => {
  it('shows sizes in KB and a download link, and uploads a file (the server records the attachment)', async () => {
    const u = userEvent.setup()
    // jsdom's FormData does not survive msw (content-length mismatch): the storage call is stubbed here.
    const original = http.post.bind(http)
    const stored = {
      link: '/api/blade-resource/oss/endpoint/file/20240102/10.txt',
      domain: 'http://localhost',
      name: '20240102/10.txt',
      originalName: 'a.txt',
      attachId: '10',
    }
    const put = vi
      .spyOn(http, 'post')
      .mockImplementation(((url: string, body?: unknown) =>
        url.endsWith('/put-file')
          ? Promise.resolve(stored)
          : original(url, body)) as typeof http.post)
    const { container } = renderScreen(AttachScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    expect(await within(table).findByText('2.00 KB')).toBeTruthy()
    expect(within(table).getByRole('link', { name: '下载' }).getAttribute('href')).toBe(
      '/api/blade-resource/oss/endpoint/file/20240102/9.pdf',
    )
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement
    await u.upload(input, new File(['hello world'], 'a.txt', { type: 'text/plain' }))
    await screen.findByText('上传成功')
    const upload = put.mock.calls.find(
      ([url]) => url === '/api/blade-resource/oss/endpoint/put-file',
    )!
    expect(((upload[1] as FormData).get('file') as File).name).toBe('a.txt')
    // No second request: put-file itself creates the attachment row.
    expect(posts).toHaveLength(0)
  })
})
