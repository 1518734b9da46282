// The virtualised part of VirtualStack (virtual-stack.tsx), in a chunk of its own: the windowing
// library is loaded only when a list is long enough to need it, not with every list screen.
import {
  measureElement as measureByLayout,
  useWindowVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual'
import {
  memo,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { VirtualStackProps } from './virtual-stack'

/** Cards rendered beyond each edge of the viewport, so a fling or Tab does not meet a blank. */
const OVERSCAN = 6

interface ItemProps {
  item: unknown
  index: number
  render: (item: never, index: number) => ReactNode
  /** Rendered at once (the first window); a card scrolled into the window is rendered deferred. */
  eager: boolean
  estimate: number
}

/**
 * One card, rendered again only when its row (or the list's render function) changes. A card that
 * enters the window while scrolling first takes its estimated height and is then rendered at
 * transition priority, which React splits into slices between frames: mounting a card (its
 * fields, cells and buttons) cost 30-40 ms at 4x CPU, a long task on most scroll frames when done
 * at once. The overscan keeps the placeholders out of sight.
 */
const Item = memo(function Item({ item, index, render, eager, estimate }: ItemProps) {
  const ready = useDeferredValue(true, eager)
  return ready ? render(item as never, index) : <div style={{ height: estimate }} />
})

export default function WindowList<T>({
  items,
  itemKey,
  estimate,
  gap,
  render,
  'data-testid': testId,
}: VirtualStackProps<T>) {
  const listRef = useRef<HTMLDivElement>(null)
  // Where the list starts in the document: what is above it (search panel, toolbar) moves it, and
  // any such change resizes the page.
  const [top, setTop] = useState(0)
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current
      if (el) setTop(Math.round(el.getBoundingClientRect().top + window.scrollY))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimate,
    gap,
    overscan: OVERSCAN,
    scrollMargin: top,
    getItemKey: (i) => itemKey(items[i]!, i),
    // Without layout (jsdom) a card measures 0: keep the estimate, so the window stays a screenful.
    measureElement: (
      el: Element,
      entry: ResizeObserverEntry | undefined,
      instance: Virtualizer<Window, Element>,
    ) => measureByLayout(el, entry, instance) || estimate,
    // Scrolling moves the cards and sizes the list in the DOM directly; React renders only when a
    // card enters or leaves the window (a render per scroll frame made long tasks at 4x CPU).
    directDomUpdates: true,
  })
  // The cards in view at the first render are the first paint: those render at once, the
  // overscan's after them.
  const mounted = useRef(false)
  useEffect(() => void (mounted.current = true), [])
  const setList = (el: HTMLDivElement | null) => {
    listRef.current = el
    virtualizer.containerRef(el)
  }
  const inView = virtualizer.range
  const eager = (index: number) =>
    !mounted.current && (!inView || (index >= inView.startIndex && index <= inView.endIndex))
  return (
    <div ref={setList} data-testid={testId} style={{ position: 'relative' }}>
      {virtualizer.getVirtualItems().map((v) => (
        <div
          key={v.key}
          data-index={v.index}
          ref={virtualizer.measureElement}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%' }}
        >
          <Item
            item={items[v.index]}
            index={v.index}
            render={render as ItemProps['render']}
            eager={eager(v.index)}
            estimate={estimate}
          />
        </div>
      ))}
    </div>
  )
}
