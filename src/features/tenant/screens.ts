// Tenant screens that need more than the generic list (registered by menu path).
export const screens = {
  '/system/tenant': () => import('./tenant-screen'),
  '/system/tenant-package': () => import('./tenant-package-screen'),
}
