// The date-time range input: one 'start,end' value shown in two pickers; picking one end keeps the
// other, and an open end stays empty.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, it, vi } from 'vitest'
import { DateTimeRangeInput } from './datetime-range-input'
import { renderScreen } from '@/test/render-screen'

vi.setConfig({ testTimeout: 60_000 })

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial)
  return (
    <DateTimeRangeInput
      label="生命周期"
      value={value}
      onChange={(v) => {
        seen.push(v)
        setValue(v)
      }}
    />
  )
}

it('shows both ends of the value in their pickers, named after the field', async () => {
  renderScreen(() => <Harness initial="2026-01-01 08:00:00,2026-12-31 18:00:00" seen={[]} />)
  expect(await screen.findByRole('group', { name: '生命周期' })).toBeTruthy()
  expect(screen.getByRole('button', { name: '生命周期 开始时间' }).textContent).toBe(
    '2026-01-01 08:00:00',
  )
  expect(screen.getByRole('button', { name: '生命周期 结束时间' }).textContent).toBe(
    '2026-12-31 18:00:00',
  )
})

it('picks the end and keeps the start open', async () => {
  const u = userEvent.setup()
  const seen: string[] = []
  renderScreen(() => <Harness initial="" seen={seen} />)
  await u.click(await screen.findByRole('button', { name: '生命周期 结束时间' }))
  await u.click(screen.getAllByRole('button', { name: /^15 / })[0]!)
  await u.click(screen.getByRole('button', { name: '确定' }))
  expect(seen.at(-1)).toMatch(/^,\d{4}-\d{2}-15 \d{2}:\d{2}:\d{2}$/)
})
