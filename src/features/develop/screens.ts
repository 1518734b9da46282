// Data sources: category-dependent form fields and connection tests.
export const screens = {
  '/tool/datasource': () => import('./datasource-screen'),
}
