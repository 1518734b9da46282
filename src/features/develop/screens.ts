// Data sources: category-dependent form fields and connection tests. Data models: their columns'
// editor (模型配置).
export const screens = {
  '/tool/datasource': () => import('./datasource-screen'),
  '/tool/model': () => import('./model-screen'),
}
