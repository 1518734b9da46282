// Gift report screens, by menu path. Gift details (/gift/gift-detail) are the generic engine over
// their declaration; the four totals screens group them (server/modules/gift).
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/gift/gift-total': () => import('./day-total-screen'),
  '/gift/anchor-total': () => import('./anchor-total-screen'),
  '/gift/user-total': () => import('./user-total-screen'),
  '/gift/gift-item-total': () => import('./item-total-screen'),
}
