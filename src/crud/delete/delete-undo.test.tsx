// Deletes name what they delete and can be undone: the confirmation says how many rows and names
// up to three; the toast after the delete offers undo, which restores exactly those rows.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import type { EntityDef } from '@/domain/entity'
import { post } from '@/domain/system/post'
import { param } from '@/domain/system/param'
import { tkOrder } from '@/domain/order/tk-order'
import { setupMsw } from '@/test/msw'
import { calls, entityHandlers, sampleKey, TOTAL } from '@/test/conformance-fixtures'
import { CrudScreen } from '../crud-screen'
import { renderScreen } from '@/test/render-screen'
import { deleteQuestion, nameFieldOf } from './delete-question'

setupMsw(...entityHandlers(param), ...entityHandlers(tkOrder))
vi.setConfig({ testTimeout: 20_000 })
let user = 300

function signIn(def: EntityDef) {
  user += 1
  sessionStore.login({
    access_token: 't',
    tenant_id: '000000',
    user_id: String(user),
    account: 'tester',
  })
  sessionStore.setPermission({ [`${def.permission}_delete`]: true })
}

const posted = (verb: string) =>
  calls.filter((c) => c.method === 'POST' && c.verb === verb).map((c) => c.query)

beforeEach(() => {
  calls.length = 0
})

describe('delete question', () => {
  it('names rows by the name or title field, at most three', () => {
    expect(nameFieldOf(param)?.name).toBe('paramName')
    expect(nameFieldOf(post)?.name).toBe('postName')
    const rows = ['甲', '乙', '丙', '丁'].map((paramName) => ({ paramName }))
    expect(deleteQuestion(param, 1, rows.slice(0, 1), 'zh')).toBe('确定删除 1 条数据: “甲”?')
    expect(deleteQuestion(param, 4, rows, 'zh')).toBe('确定删除 4 条数据: “甲”、“乙”和“丙” 等?')
    expect(deleteQuestion(param, 2, [], 'zh')).toBe('确定删除 2 条数据?')
  })
})

describe('delete with undo', () => {
  it('confirms with the count and names, then restores the deleted rows from the toast', async () => {
    signIn(param)
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    const table = screen.getByRole('table')
    await u.click(within(table).getByRole('checkbox', { name: '选择第1行' }))
    await u.click(within(table).getByRole('checkbox', { name: '选择第2行' }))
    const toolbarDelete = screen
      .getAllByRole('button', { name: '删除' })
      .find((b) => !table.contains(b))!
    await u.click(toolbarDelete)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('确定删除 2 条数据: “paramName1”和“paramName2”?')).toBeTruthy()
    await u.click(within(dialog).getByRole('button', { name: '确定' }))
    await screen.findByText('删除成功')
    const ids = `${sampleKey(param, 1)},${sampleKey(param, 2)}`
    expect(posted('remove')).toEqual([{ ids }])

    await u.click(await screen.findByRole('button', { name: '撤销' }))
    await screen.findByText('已撤销删除')
    expect(posted('restore')).toEqual([{ ids }])
    await waitFor(() => expect(screen.queryByRole('button', { name: '撤销' })).toBeNull())
  })

  it('offers no undo where a delete cannot be undone', async () => {
    // An entity declared without undo (every soft-deleted one has it today).
    const noUndo: EntityDef = { ...tkOrder, restore: false }
    signIn(noUndo)
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={noUndo} />, '/?current=1&size=10')
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    await u.click(within(screen.getByRole('table')).getAllByRole('button', { name: '删除' })[0])
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await screen.findByText('删除成功')
    expect(screen.queryByRole('button', { name: '撤销' })).toBeNull()
    expect(posted('restore')).toEqual([])
  })
})
