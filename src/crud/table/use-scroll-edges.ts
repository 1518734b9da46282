// Which sides of a sideways-scrolling box have more content beyond its edge: a table shades those
// edges, so that a tablet user sees there are more columns to scroll to.
import { useCallback, useRef, useState } from 'react'

export interface ScrollEdges {
  left: boolean
  right: boolean
}

/** Edges of a viewport with scrollLeft, scrollWidth and clientWidth; a pixel of rounding is no more content. */
export function edgesOf(
  el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>,
): ScrollEdges {
  return { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 }
}

/** A ref for the viewport and its edges, kept as it scrolls or its content or box resizes. */
export function useScrollEdges() {
  const node = useRef<HTMLDivElement | null>(null)
  const observer = useRef<ResizeObserver | null>(null)
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false })
  const update = useCallback(() => {
    const el = node.current
    if (!el) return
    const next = edgesOf(el)
    setEdges((prev) => (prev.left === next.left && prev.right === next.right ? prev : next))
  }, [])
  // A callback ref: the table mounts its viewport only at tablet width and up (phones get cards).
  const viewport = useCallback(
    (el: HTMLDivElement | null) => {
      observer.current?.disconnect()
      node.current = el
      if (!el) return
      // The first measure comes with the observer's first notification, after the page's layout:
      // measured here, in React's commit, it forced a layout of the whole page in the middle of the
      // first render (about 160 ms of an offline start at 4x CPU, bench/offline-start.ts).
      observer.current = new ResizeObserver(update)
      observer.current.observe(el)
      if (el.firstElementChild) observer.current.observe(el.firstElementChild)
    },
    [update],
  )
  return { viewport, edges, update }
}
