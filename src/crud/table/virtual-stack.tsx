// Long card lists on phones and tablets (the CRUD cards, the KOL follow-up list, the outbox cards),
// virtualised against the page's own scroll (the shell scrolls the document, so the page keeps its
// scroll bar, restoration and keyboard scrolling): only the cards near the viewport are in the DOM,
// each measured as it renders, since card heights vary with the fields and their text. A 200-row
// page then mounts about a screenful of cards instead of 200, so a slow phone paints the first cards
// soon. Short lists render every card, as plain DOM; while the windowing code loads, a long list
// shows its first VIRTUAL_FROM cards that way.
import { Stack } from '@mantine/core'
import { Fragment, lazy, Suspense, type ReactNode } from 'react'

/** From this many items on, the list is virtualised. */
export const VIRTUAL_FROM = 40
/** The windowing library comes with the first long list (window-list.tsx), not with every list screen. */
const WindowList = lazy(() => import('./window-list'))

export interface VirtualStackProps<T> {
  items: readonly T[]
  itemKey: (item: T, index: number) => string | number
  /** A typical card's height (px): the first window and the scroll bar before cards are measured. */
  estimate: number
  /** Space between cards (px); 12 is Mantine's `sm`, the cards' usual gap. */
  gap?: number
  render: (item: T, index: number) => ReactNode
  'data-testid'?: string
}

function PlainStack<T>({
  items,
  itemKey,
  render,
  gap,
  'data-testid': testId,
}: VirtualStackProps<T>) {
  return (
    <Stack gap={gap} data-testid={testId}>
      {items.map((item, i) => (
        <Fragment key={itemKey(item, i)}>{render(item, i)}</Fragment>
      ))}
    </Stack>
  )
}

export function VirtualStack<T>(props: VirtualStackProps<T>) {
  const { items, gap = 12 } = props
  if (items.length < VIRTUAL_FROM) return <PlainStack {...props} gap={gap} />
  return (
    <Suspense fallback={<PlainStack {...props} items={items.slice(0, VIRTUAL_FROM)} gap={gap} />}>
      <WindowList {...(props as VirtualStackProps<unknown>)} gap={gap} />
    </Suspense>
  )
}
