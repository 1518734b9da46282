// The desktop table's column widths: every column keeps at least its declared width (or the default),
// so a long unbreakable value in one column cannot squeeze another's header to a character a line.
import { msg } from '@lingui/core/runtime-macro'
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { defineEntity, type FieldDef } from '@/domain/entity'
import { CrudTable } from './crud-table'
import { renderScreen } from '@/test/render-screen'

const gifts = defineEntity({
  name: 'widthDemo',
  title: msg`演示`,
  api: '/demo/width',
  table: 'demo_width',
  tenant: false,
  base: false,
  softDelete: false,
  permission: 'width_demo',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, readOnly: true },
    { name: 'liveId', label: msg`直播ID`, type: 'string', maxLength: 40, width: 170 },
    { name: 'giftPrice', label: msg`礼物单价(金币)`, type: 'number' },
  ],
})

it('gives each column its declared width, or the default, as its least width', async () => {
  const columns: FieldDef[] = gifts.fields.slice(1)
  renderScreen(() => (
    <CrudTable
      def={gifts}
      columns={columns}
      rows={[{ id: '1', liveId: '7310893132233193703731089313223319370', giftPrice: 1 }]}
      loading={false}
      firstIndex={1}
      selected={new Set()}
      onSelect={() => {}}
      sort={null}
      onSort={() => {}}
    />
  ))
  const header = async (name: string) =>
    (await screen.findByRole('columnheader', { name })).style.minWidth
  // Mantine writes widths in rem: 170 px = 10.625rem, the default 110 px = 6.875rem.
  expect(await header('直播ID')).toContain('10.625rem')
  expect(await header('礼物单价(金币)')).toContain('6.875rem')
})

describe('a table wider than its box (a tablet)', () => {
  const columns: FieldDef[] = gifts.fields.slice(1)
  const rows = [
    { id: '1', liveId: 'L1', giftPrice: 1 },
    { id: '2', liveId: 'L2', giftPrice: 2 },
  ]
  const render = () =>
    renderScreen(() => (
      <CrudTable
        def={gifts}
        columns={columns}
        rows={rows}
        loading={false}
        firstIndex={1}
        selected={new Set()}
        onSelect={() => {}}
        sort={null}
        onSort={() => {}}
        actions={() => <button type="button">编辑</button>}
      />
    ))

  it('keeps the actions column at the right edge: its header and every cell are sticky', async () => {
    render()
    const header = await screen.findByRole('columnheader', { name: '操作' })
    const cells = screen.getAllByRole('button', { name: '编辑' }).map((b) => b.closest('td')!)
    expect(cells).toHaveLength(2)
    for (const el of [header, ...cells]) {
      expect(el.getAttribute('data-sticky')).toBe('right')
      expect(el.className).toMatch(/actions/)
    }
  })

  it('marks the edges that have more columns beyond them as the table scrolls', async () => {
    const { container } = render()
    await screen.findByRole('columnheader', { name: '操作' })
    const box = container.querySelector<HTMLElement>('[data-with-actions]')!
    const viewport = within(box)
      .getByRole('table')
      .closest<HTMLElement>('.mantine-ScrollArea-viewport')!
    // jsdom lays nothing out: the sizes of a 1200 px table in a 600 px box.
    Object.defineProperties(viewport, {
      scrollWidth: { configurable: true, value: 1200 },
      clientWidth: { configurable: true, value: 600 },
    })
    const scrollTo = (x: number) => {
      viewport.scrollLeft = x
      fireEvent.scroll(viewport)
    }
    const marks = () => [box.hasAttribute('data-more-left'), box.hasAttribute('data-more-right')]
    scrollTo(0)
    await expect.poll(marks).toEqual([false, true])
    scrollTo(300)
    await expect.poll(marks).toEqual([true, true])
    scrollTo(600)
    await expect.poll(marks).toEqual([true, false])
    // Keyboard users reach the scroll too.
    expect(viewport.tabIndex).toBe(0)
  })
})
