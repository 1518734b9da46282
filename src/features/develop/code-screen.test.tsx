// Code module screen: 复制 posts copy with the module's id, says so and refreshes the list; 生成代码
// previews the generated files by folder, shows the chosen file's code, and 下载 fetches the zip
// (without preview) and saves it.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import {
  calls,
  entityHandlers,
  optionHandlers,
  sampleKey,
  sampleRow,
} from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { code } from '@/domain/develop/code'
import { API, setupMsw } from '@/test/msw'
import CodeScreen from './code-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data })
const FILES = [
  {
    path: 'server/src/main/java/vn/dmr/param/controller/ParamController.java',
    content: 'public class ParamController {\n  // list, detail, submit\n}',
  },
  {
    path: 'server/src/main/java/vn/dmr/param/entity/Param.java',
    content: 'public class Param {\n  private String paramKey;\n}',
  },
  {
    path: 'src/views/param/param.vue',
    content: '<template>\n  <basic-container></basic-container>\n</template>',
  },
]
const copied: Record<string, string>[] = []
let staleCopy = false
const gens: Record<string, string>[] = []
setupMsw(
  ...entityHandlers(code),
  ...optionHandlers([code]),
  mock.post(`${API}/blade-develop/code/copy`, ({ request }) => {
    copied.push(Object.fromEntries(new URL(request.url).searchParams))
    if (staleCopy)
      return HttpResponse.json(
        {
          code: 409,
          success: false,
          data: { ...sampleRow(code, 1), version: 9 },
          msg: '数据已被他人修改，请刷新后重试',
        },
        { status: 409 },
      )
    return ok({ id: '9001', codeName: 'codeName1-copy' })
  }),
  mock.post(`${API}/blade-develop/code/gen-code`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    gens.push(query)
    if (query.preview === '1') return ok(FILES)
    return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
      headers: { 'Content-Type': 'application/zip' },
    })
  }),
)

beforeEach(() => {
  copied.length = 0
  staleCopy = false
  gens.length = 0
  calls.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '3' })
  sessionStore.setPermission({ code_add: true, code_edit: true, code_gen: true, code_copy: true })
})
afterEach(() => notifications.clean())

const ID = sampleKey(code, 1)

describe('code module screen', () => {
  it('copies a module by its id and refreshes the list', async () => {
    const u = userEvent.setup()
    renderScreen(CodeScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click((await within(table).findAllByRole('button', { name: /^复制 / }))[0]!)
    expect(await screen.findByText('已复制为 codeName1-copy')).toBeTruthy()
    // The version the list showed goes along.
    expect(copied).toEqual([{ id: ID, version: String(sampleRow(code, 1).version) }])
    await waitFor(() => expect(calls.filter((c) => c.verb === 'list')).toHaveLength(2))
  })

  it('says a module changed since it was listed and refreshes the list instead of claiming a copy', async () => {
    staleCopy = true
    const u = userEvent.setup()
    renderScreen(CodeScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click((await within(table).findAllByRole('button', { name: /^复制 / }))[0]!)
    expect(
      await screen.findByText('所选数据已被他人修改，列表已刷新，请核对后重新操作'),
    ).toBeTruthy()
    await waitFor(() => expect(calls.filter((c) => c.verb === 'list')).toHaveLength(2))
    expect(screen.queryByText('已复制为 codeName1-copy')).toBeNull()
  })

  it('previews the generated files and downloads their zip', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:code'), revokeObjectURL: vi.fn() })
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    const u = userEvent.setup()
    renderScreen(CodeScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click((await within(table).findAllByRole('button', { name: /^生成代码 / }))[0]!)
    const files = await screen.findByRole('navigation', { name: '生成的文件' })
    expect(gens).toEqual([{ ids: ID, system: 'saber', preview: '1' }])
    // Grouped by folder, in name order.
    expect(within(files).getByText('server/src/main/java/vn/dmr/param/controller')).toBeTruthy()
    expect(within(files).getByText('src/views/param')).toBeTruthy()
    // The first file is shown until another is chosen.
    expect(
      (await screen.findByRole('region', { name: `文件内容 ${FILES[0]!.path}` })).textContent,
    ).toContain('// list, detail, submit')
    await u.click(within(files).getByRole('button', { name: 'param.vue' }))
    const shown = await screen.findByRole('region', { name: `文件内容 ${FILES[2]!.path}` })
    await waitFor(() => expect(shown.textContent).toContain('<basic-container></basic-container>'))
    // Coloured once the highlighter has loaded.
    await waitFor(() => expect(shown.querySelector('.token.tag')).not.toBeNull())
    expect(
      within(files).getByRole('button', { name: 'param.vue' }).getAttribute('aria-current'),
    ).toBe('true')

    await u.click(screen.getByRole('button', { name: '下载' }))
    await waitFor(() => expect(saved).toEqual(['codeName1.zip']))
    expect(gens.at(-1)).toEqual({ ids: ID, system: 'saber' })
  })

  it('has neither action without their buttons', async () => {
    sessionStore.setPermission({ code_add: true })
    renderScreen(CodeScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1))
    expect(within(table).queryByRole('button', { name: /^(复制|生成代码) / })).toBeNull()
  })
})
