// docs/offline.md R25: an engine form with unsaved input holds the update prompt's reload; closing it releases it.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { CrudForm } from '@/crud/form/crud-form'
import { renderScreen } from '@/test/render-screen'
import { param } from '@/domain/system/param'
import { setupMsw } from '@/test/msw'
import { entityHandlers } from '@/test/conformance-fixtures'
import { anyDirty } from './dirty-forms'

setupMsw(...entityHandlers(param))

function AddParam() {
  const [open, setOpen] = useState(true)
  return open ? <CrudForm def={param} mode="add" onClose={() => setOpen(false)} /> : <p>closed</p>
}

describe('dirty forms', () => {
  it('an engine form is dirty while it holds typed input, and clean once closed', async () => {
    renderScreen(AddParam)
    const user = userEvent.setup()
    const name = await screen.findByRole('textbox', { name: /参数名称/ })
    expect(anyDirty()).toBe(false)
    await user.type(name, 'x')
    await waitFor(() => expect(anyDirty()).toBe(true))
    await user.clear(name)
    await waitFor(() => expect(anyDirty()).toBe(false))
    await user.type(name, 'y')
    await waitFor(() => expect(anyDirty()).toBe(true))
    await user.click(screen.getByRole('button', { name: '取消' }))
    await user.click(await screen.findByRole('button', { name: '放弃' }))
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy())
    expect(anyDirty()).toBe(false)
  })
})
