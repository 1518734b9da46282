import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { UpdatePrompt } from './update-prompt'
import { createUpdateFlow, type UpdateEnv } from './update-flow'

function setup(world: { sending: boolean; dirty: boolean }) {
  const log: string[] = []
  const env: UpdateEnv = {
    hasSendingRows: async () => world.sending,
    anyDirty: () => world.dirty,
    skipWaiting: () => log.push('skipWaiting'),
    reload: () => log.push('reload'),
    setTimeout: () => 0,
    clearTimeout: () => undefined,
  }
  return { flow: createUpdateFlow(env), log }
}

it('shows the prompt when a version waits and explains why a reload is refused', async () => {
  const user = userEvent.setup()
  const world = { sending: false, dirty: true }
  const { flow, log } = setup(world)
  renderWithProviders(<UpdatePrompt flow={flow} />)
  expect(screen.queryByTestId('pwa-update-prompt')).toBeNull()

  act(() => flow.onWaiting())
  expect(await screen.findByText('新版本已就绪，重新加载即可使用。')).toBeTruthy()

  await user.click(screen.getByTestId('pwa-update-reload'))
  expect(await screen.findByText('有未保存的表单，请先保存或关闭后再重新加载。')).toBeTruthy()

  world.dirty = false
  world.sending = true
  await user.click(screen.getByTestId('pwa-update-reload'))
  expect(await screen.findByText('离线数据正在同步，请在同步完成后重新加载。')).toBeTruthy()
  expect(log).toEqual([])

  world.sending = false
  await user.click(screen.getByTestId('pwa-update-reload'))
  expect(log).toEqual(['skipWaiting'])
  act(() => flow.onControlling())
  await act(() => new Promise((r) => setTimeout(r, 0)))
  expect(log).toEqual(['skipWaiting', 'reload'])
})

it('hides on close', async () => {
  const user = userEvent.setup()
  const { flow } = setup({ sending: false, dirty: false })
  renderWithProviders(<UpdatePrompt flow={flow} />)
  act(() => flow.onWaiting())
  await user.click(await screen.findByRole('button', { name: '稍后' }))
  expect(screen.queryByTestId('pwa-update-prompt')).toBeNull()
})
