// Width classes (docs/product.md §2 "Main layout"): large ≥ 1200, ≥ 992, ≥ 768, otherwise small.
import { useViewportSize } from '@mantine/hooks'

export type WidthClass = 'lg' | 'md' | 'sm' | 'xs'

function widthClass(width: number): WidthClass {
  if (width >= 1200) return 'lg'
  if (width >= 992) return 'md'
  if (width >= 768) return 'sm'
  return 'xs'
}

export function useWidthClass(): WidthClass {
  const { width } = useViewportSize()
  return widthClass(width || window.innerWidth)
}
