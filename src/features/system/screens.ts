// System screens that need more than the generic list (docs/product.md §2, §6), by menu path.
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/system/user': () => import('./user-screen'),
  '/authority/role': () => import('./role-screen'),
  '/system/topmenu': () => import('./top-menu-screen'),
  '/system/menu': () => import('./menu-screen'),
  '/system/dept': () => import('./dept-screen'),
  '/system/dict': () => import('./dict-screen'),
  '/system/dict-biz': () => import('./dict-biz-screen'),
  '/dict-horizontal/index': () => import('./dict-horizontal-screen'),
  '/dict-vertical/index': () => import('./dict-vertical-screen'),
}
