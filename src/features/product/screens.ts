// Product screens, by menu path.
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/product/product': () => import('./product-screen'),
}
