// Log lists with readable detail views.
export const screens = {
  '/monitor/log/usual': () => import('./log-screens').then((m) => ({ default: m.UsualLogScreen })),
  '/monitor/log/api': () => import('./log-screens').then((m) => ({ default: m.ApiLogScreen })),
  '/monitor/log/error': () => import('./log-screens').then((m) => ({ default: m.ErrorLogScreen })),
}
