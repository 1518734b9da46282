// Customer-service and MCN salary screens, by menu path: the generic lists, whose forms preview the
// figures the server will compute.
import type { ScreenLoader } from '@/shell/screen-registry'

export const screens: Record<string, ScreenLoader> = {
  '/finance/salary-cs': () => import('./salary-cs-screen'),
  '/finance/salary-mcn': () => import('./salary-mcn-screen'),
}
