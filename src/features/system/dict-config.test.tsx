// Dictionaries: parents from parent-list, entries of one parent from child-list?parentId=; sealed
// rows carry a lock badge and no edit/delete; a new entry starts under its parent with its code.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { setupMsw } from '@/test/msw'
import DictHorizontalScreen from './dict-horizontal-screen'
import DictScreen from './dict-screen'
import { answer, lastTo, page, signIn } from './test-fixtures'

const dict = (
  id: string,
  parentId: string,
  code: string,
  dictKey: string,
  dictValue: string,
  isSealed = 0,
) => ({ id, parentId, code, dictKey, dictValue, sort: 1, isSealed, remark: '' })
setupMsw(
  answer('get', '/dict/parent-list', () =>
    page([dict('1', '0', 'sex', '-1', '性别'), dict('2', '0', 'yes_no', '-1', '是否', 1)]),
  ),
  answer('get', '/dict/child-list', (q) =>
    page(
      q.parentId === '1'
        ? [dict('11', '1', 'sex', '1', '男'), dict('12', '1', 'sex', '2', '女', 1)]
        : [],
    ),
  ),
  answer('get', '/dict/tree', () => [{ id: '1', value: '1', title: '性别' }]),
  answer('post', '/dict/submit', () => null),
)
afterEach(() => notifications.clean())
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement

describe('dictionary screens', () => {
  beforeEach(() => signIn(['dict_view', 'dict_add', 'dict_edit', 'dict_delete']))

  it('opens a parent’s entries by parentId; sealed rows have a lock and no edit or delete', async () => {
    const u = userEvent.setup()
    renderScreen(DictScreen)
    await screen.findByText('性别')
    expect(lastTo('/dict/parent-list')?.query).toEqual({ current: '1', size: '10' })
    expect(within(rowOf('是否')).getByLabelText('已封存')).toBeTruthy()
    expect(within(rowOf('是否')).queryByRole('button', { name: '编辑' })).toBeNull()
    expect(within(rowOf('性别')).getByRole('button', { name: '编辑' })).toBeTruthy()
    await u.click(within(rowOf('性别')).getByRole('button', { name: '字典配置' }))
    await screen.findByText('男')
    expect(lastTo('/dict/child-list')?.query).toEqual({ parentId: '1', current: '1', size: '10' })
    expect(within(rowOf('女')).queryByRole('button', { name: '删除' })).toBeNull()
    expect(within(rowOf('男')).getByRole('button', { name: '删除' })).toBeTruthy()
  })

  it('adds an entry under the chosen parent, side by side', async () => {
    const u = userEvent.setup()
    renderScreen(DictHorizontalScreen)
    await screen.findByText('性别')
    expect(screen.getByText('请选择左侧或上方的字典')).toBeTruthy()
    await u.click(within(rowOf('性别')).getByRole('button', { name: '字典项' }))
    await screen.findByText('男')
    const entries = screen.getByLabelText('字典项', { selector: 'div' })
    await u.click(within(entries).getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      (within(dialog).getByRole('textbox', { name: /字典编号/ }) as HTMLInputElement).value,
    ).toBe('sex')
    await u.type(within(dialog).getByRole('textbox', { name: /字典名称/ }), '未知')
    await u.type(within(dialog).getByRole('textbox', { name: /字典键值/ }), '3')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() =>
      expect(lastTo('/dict/submit')?.body).toMatchObject({
        parentId: '1',
        code: 'sex',
        dictKey: '3',
        dictValue: '未知',
      }),
    )
  })
})
