// Reconciliation screens, by menu path: statements whose view lists their details with the totals,
// and the details with their amounts in their currency; both import bank statement lines.
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/reconciliation/statement': () => import('./statement-screen'),
  '/reconciliation/detail': () => import('./detail-screen'),
}
