// Order screens, by menu path. (TK fees use the generic screen: its fee option select labels
// itself in the UI language through the declaration's labelEn.)
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/order/order': () => import('./order-screen'),
  '/order/fee-option': () => import('./fee-option-screen'),
}
