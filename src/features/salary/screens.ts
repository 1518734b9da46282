// Salary screens, by menu path. Salary detail (/finance/salary-detail) is the generic read-only
// engine over its declaration (filters by month, source and employee).
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/finance/salary': () => import('./salary-screen'),
  '/finance/salary-month': () => import('./salary-month-screen'),
}
