// Regions: a lazy tree with the selected region's detail and children (keyed by code).
export const screens = {
  '/system/region': () => import('./region-screen'),
}
