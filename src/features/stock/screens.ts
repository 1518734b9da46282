// Stock screens beyond the generic list, by menu path. Stock detail totals
// (/stock/stock-detail-total) is the generic engine over its declaration (GET /stockDetail/total/list).
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/stock/stock-taking': () => import('./stock-taking-screen'),
  '/stock/stock-detail': () => import('./stock-detail-screen'),
  '/stock/count': () => import('./count/count-screen'),
}
