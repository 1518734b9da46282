// TK order screens beyond the generic list, by menu path. TK orders (/order/tk-order) is the generic
// engine over its declaration (search by date range and returnType included).
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/order/tk-order-month': () => import('./tk-order-month-screen'),
}
