// Data sources: category-dependent form fields and connection tests. Data models: their columns'
// editor (模型配置). Code settings: enabling one.
export const screens = {
  '/tool/datasource': () => import('./datasource-screen'),
  '/tool/model': () => import('./model-screen'),
  '/tool/code-setting': () => import('./code-setting-screen'),
}
