// The engine form keeps what was typed and says everything at once: a dirty form asks before it
// closes (取消, Esc, a route change, closing its screen's tab), an untouched one closes at once; an
// untouched field says nothing when left, a save shows every message, focuses the first and counts
// the rows with errors; a refused save's field messages land under their fields.
import { msg } from '@lingui/core/runtime-macro'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { defineEntity, type EntityDef } from '@/domain/entity'
import { param } from '@/domain/system/param'
import { API, setupMsw } from '@/test/msw'
import { calls, entityHandlers } from '@/test/conformance-fixtures'
import { CrudForm } from './crud-form'
import { confirmLeave } from './leave-guard'
import { renderScreen } from '@/test/render-screen'

const sheet = defineEntity({
  name: 'demoSheet',
  title: msg`工资单`,
  api: '/demo/sheet',
  table: 'demo_sheet',
  tenant: false,
  base: false,
  softDelete: false,
  permission: 'demo_sheet',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, readOnly: true },
    { name: 'title', label: msg`标题`, type: 'string', required: msg`请输入标题` },
    {
      name: 'detail',
      label: msg`明细`,
      type: 'rows',
      list: false,
      rows: [
        { name: 'who', label: msg`员工`, type: 'string', required: msg`请输入员工` },
        { name: 'days', label: msg`天数`, type: 'number', required: msg`请输入天数`, max: 31 },
      ],
    },
  ],
})

const server = setupMsw(...entityHandlers(param), ...entityHandlers(sheet))
vi.setConfig({ testTimeout: 20_000 })

beforeEach(() => {
  calls.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '7' })
  sessionStore.setPermission({})
})

function open(def: EntityDef = param, defaults?: Record<string, unknown>) {
  function Add() {
    const [opened, setOpened] = useState(true)
    return opened ? (
      <CrudForm def={def} mode="add" defaults={defaults} onClose={() => setOpened(false)} />
    ) : (
      <p>closed</p>
    )
  }
  return renderScreen(Add)
}

const question = () => screen.queryByRole('dialog', { name: '放弃未保存的内容？' })

describe('closing a form', () => {
  it('closes an untouched form at once on 取消 and on Esc', async () => {
    const u = userEvent.setup()
    const first = open()
    await screen.findByRole('textbox', { name: /参数名称/ })
    await u.click(screen.getByRole('button', { name: '取消' }))
    expect(await screen.findByText('closed')).toBeTruthy()
    first.unmount()

    open()
    await screen.findByRole('textbox', { name: /参数名称/ })
    await u.keyboard('{Escape}')
    expect(await screen.findByText('closed')).toBeTruthy()
    expect(question()).toBeNull()
  })

  it('asks before dropping typed input: 继续编辑 and Esc keep it, 放弃 closes', async () => {
    const u = userEvent.setup()
    open()
    const name = await screen.findByRole('textbox', { name: /参数名称/ })
    await u.type(name, 'half typed')
    await u.click(screen.getByRole('button', { name: '取消' }))
    const ask = await screen.findByRole('dialog', { name: '放弃未保存的内容？' })
    // Focus starts on 放弃; 继续编辑 goes back with the input kept.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(ask).getByRole('button', { name: '放弃' })),
    )
    await u.click(within(ask).getByRole('button', { name: '继续编辑' }))
    await waitFor(() => expect(question()).toBeNull())
    expect((screen.getByRole('textbox', { name: /参数名称/ }) as HTMLInputElement).value).toBe(
      'half typed',
    )

    // Esc on the form asks; Esc on the question keeps the form.
    await u.keyboard('{Escape}')
    await screen.findByRole('dialog', { name: '放弃未保存的内容？' })
    await u.keyboard('{Escape}')
    await waitFor(() => expect(question()).toBeNull())
    expect(screen.queryByText('closed')).toBeNull()

    // Esc, then Enter on the focused 放弃: closed.
    await u.keyboard('{Escape}')
    const again = await screen.findByRole('dialog', { name: '放弃未保存的内容？' })
    await waitFor(() =>
      expect(document.activeElement).toBe(within(again).getByRole('button', { name: '放弃' })),
    )
    await u.keyboard('{Enter}')
    expect(await screen.findByText('closed')).toBeTruthy()
  })

  it('holds a route change while dirty until the user discards', async () => {
    const u = userEvent.setup()
    const { router } = open()
    await u.type(await screen.findByRole('textbox', { name: /参数名称/ }), 'x')
    void router.navigate({ to: '/elsewhere' as never })
    const ask = await screen.findByRole('dialog', { name: '放弃未保存的内容？' })
    expect(router.state.location.pathname).toBe('/')
    await u.click(within(ask).getByRole('button', { name: '继续编辑' }))
    await waitFor(() => expect(question()).toBeNull())
    expect(router.state.location.pathname).toBe('/')

    void router.navigate({ to: '/elsewhere' as never })
    await u.click(
      within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole(
        'button',
        { name: '放弃' },
      ),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'))
  })

  it('lets closing the screen (its tab) ask the dirty form, and passes at once when nothing is typed', async () => {
    const u = userEvent.setup()
    open()
    const name = await screen.findByRole('textbox', { name: /参数名称/ })
    expect(await confirmLeave()).toBe(true)
    await u.type(name, 'x')
    let answer = confirmLeave()
    await u.click(
      within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole(
        'button',
        { name: '继续编辑' },
      ),
    )
    expect(await answer).toBe(false)
    answer = confirmLeave()
    await u.click(
      within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole(
        'button',
        { name: '放弃' },
      ),
    )
    expect(await answer).toBe(true)
  })
})

describe('messages of a form', () => {
  it('says nothing when an untouched field is left, and checks a changed one', async () => {
    const u = userEvent.setup()
    open()
    const name = await screen.findByRole('textbox', { name: /参数名称/ })
    await waitFor(() => expect(document.activeElement).toBe(name))
    await u.tab()
    expect(screen.queryByText('请输入参数名称')).toBeNull()
    await u.type(name, 'a')
    await u.clear(name)
    await u.tab()
    expect(await screen.findByText('请输入参数名称')).toBeTruthy()
  })

  it('keeps the focus in the field when the mouse is pressed on 保存 or 取消, so nothing moves before the click', async () => {
    open()
    const name = await screen.findByRole('textbox', { name: /参数名称/ })
    // fireEvent answers false when the default (moving the focus) was prevented.
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: '保存' }))).toBe(false)
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: '取消' }))).toBe(false)
    expect(screen.queryByText('请输入参数名称')).toBeNull()
    expect(name).toBeTruthy()
  })

  it('shows every message at once on save, focuses the first invalid field and says how many need a change', async () => {
    const u = userEvent.setup()
    open()
    await screen.findByRole('textbox', { name: /参数名称/ })
    await u.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('请输入参数名称')).toBeTruthy()
    expect(screen.getByText('请输入参数键名')).toBeTruthy()
    expect(screen.getByText('请输入参数键值')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('有 3 处需要修改')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /参数名称/ })),
    )
    expect(calls.filter((c) => c.verb === 'submit')).toHaveLength(0)
  })

  it('counts the rows with errors at the top of a long form', async () => {
    const u = userEvent.setup()
    open(sheet, {
      title: 'October',
      detail: [
        { who: 'An', days: 20 },
        { who: '', days: 20 },
        { who: 'Binh', days: 40 },
        { who: '', days: '' },
      ],
    })
    await screen.findByRole('textbox', { name: /标题/ })
    await u.click(screen.getByRole('button', { name: '保存' }))
    const summary = await screen.findByRole('alert')
    expect(summary.textContent).toContain('有 4 处需要修改')
    expect(summary.textContent).toContain('明细：3 行有误（第 2, 3, 4 行）')
    // The first invalid cell is row 2's employee.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '员工 2' })),
    )
  })

  it("puts a refused save's field messages under their fields", async () => {
    server.use(
      mock.post(`${API}${param.api}/submit`, () =>
        HttpResponse.json(
          { code: 400, success: false, data: {}, msg: '参数键名已存在; 请输入参数键值' },
          { status: 400 },
        ),
      ),
    )
    const u = userEvent.setup()
    open(param, { paramName: 'n', paramKey: 'k', paramValue: 'v' })
    await screen.findByRole('textbox', { name: /参数名称/ })
    await u.click(screen.getByRole('button', { name: '保存' }))
    const key = screen.getByRole('textbox', { name: /参数键名/ })
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'))
    expect(
      document.getElementById(
        key
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('-error'))!,
      )?.textContent,
    ).toBe('参数键名已存在')
    expect(screen.getAllByText('请输入参数键值').length).toBeGreaterThan(0)
    expect(screen.queryByText('closed')).toBeNull()
  })
})
