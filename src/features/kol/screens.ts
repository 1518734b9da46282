// KOL outreach screens, by menu path.
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/kol/kol': () => import('./kol-list-screen'),
  '/kol/kol-file': () => import('./kol-file-screen'),
  '/kol/cooperate-info': () => import('./cooperate-info-screen'),
  '/kol/quotation': () => import('./quotation-screen'),
  '/kol/follow-up': () => import('./follow-up-screen'),
}
