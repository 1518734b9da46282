// The virtualised card list (virtual-stack.tsx) under jsdom, which has no layout: cards measure 0,
// so the list keeps each card's estimate and the window is the viewport (768 px) over those
// estimates. A long page mounts a screenful of cards, follows the page scroll, keeps the selection
// of cards scrolled away, and finds its rows by role and label; a short list renders every card.
// The windowing code is loaded with the first long list: until then its first cards stand in.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { param } from '@/domain/system/param'
import { renderWithProviders } from '@/test/render'
import { CrudCards } from './crud-cards'
import { VIRTUAL_FROM, VirtualStack } from './virtual-stack'

const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true })
  fireEvent.scroll(window)
}

// jsdom does not scroll; the virtualizer's own scroll corrections have nothing to move.
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}))
afterEach(() => {
  vi.restoreAllMocks()
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true })
})

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1)
const list = (n: number) => (
  <VirtualStack
    data-testid="list"
    items={numbers(n)}
    itemKey={(i) => i}
    estimate={100}
    gap={10}
    render={(i) => <button type="button">{`item ${i}`}</button>}
  />
)
const shown = () => screen.queryAllByRole('button').map((b) => b.textContent)
/**
 * The windowed list is there (its code loaded) and has rendered its window: some cards, fewer than
 * the stand-ins (its first render, before it has read the viewport, can hold none).
 */
const windowed = () =>
  waitFor(() => {
    expect(screen.getByTestId('list').style.position).toBe('relative')
    expect(shown().length).toBeGreaterThan(0)
    expect(shown().length).toBeLessThanOrEqual(20)
  })

describe('VirtualStack', () => {
  it('mounts about a screenful of a long list, sized for every item', async () => {
    renderWithProviders(list(200))
    await windowed()
    const items = shown()
    expect(items[0]).toBe('item 1')
    // 768 px of 110 px rows and the overscan below: far fewer than 200.
    expect(items.length).toBeGreaterThanOrEqual(7)
    expect(items.length).toBeLessThanOrEqual(20)
    expect(screen.getByTestId('list').style.height).toBe(`${200 * 100 + 199 * 10}px`)
  })

  it('follows the page scroll: the rows near the viewport replace the first ones', async () => {
    renderWithProviders(list(200))
    await windowed()
    scrollTo(150 * 110)
    const items = shown()
    expect(items).toContain('item 151')
    expect(items).not.toContain('item 1')
    expect(screen.getByRole('button', { name: 'item 152' })).toBeTruthy()
  })

  it(`renders every item of a list under ${VIRTUAL_FROM}`, () => {
    renderWithProviders(list(VIRTUAL_FROM - 1))
    expect(shown()).toHaveLength(VIRTUAL_FROM - 1)
  })
})

describe('CrudCards on a 200-row page', () => {
  const rows = numbers(200).map((i) => ({
    id: String(i),
    paramName: `name ${i}`,
    paramKey: `key.${i}`,
    paramValue: `value ${i}`,
  }))
  const columns = param.fields.filter((f) =>
    ['paramName', 'paramKey', 'paramValue'].includes(f.name),
  )

  it('finds the cards by their checkbox label and keeps the selection of cards scrolled away', async () => {
    const onSelect = vi.fn()
    const props = {
      def: param,
      columns,
      rows,
      loading: false,
      firstIndex: 1,
      sort: null,
      onSort: () => {},
      onSelect,
    }
    const { rerender } = renderWithProviders(<CrudCards {...props} selected={new Set()} />)
    await waitFor(() => expect(screen.getAllByRole('checkbox').length).toBeLessThan(40))
    fireEvent.click(screen.getByRole('checkbox', { name: '#2' }))
    expect(onSelect).toHaveBeenLastCalledWith(new Set(['2']))

    rerender(<CrudCards {...props} selected={new Set(['2'])} />)
    scrollTo(180 * 120)
    expect(screen.queryByRole('checkbox', { name: '#2' })).toBeNull()
    const card = screen
      .getByRole('checkbox', { name: '#181' })
      .closest('.mantine-Card-root') as HTMLElement
    expect(within(card).getByText('name 181')).toBeTruthy()
    scrollTo(0)
    expect((screen.getByRole('checkbox', { name: '#2' }) as HTMLInputElement).checked).toBe(true)
  })
})
