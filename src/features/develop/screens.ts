// Data sources: category-dependent form fields and connection tests. The code generator: a model's
// column editor, enabling a code setting, copying a code module and previewing/downloading its code.
export const screens = {
  '/tool/datasource': () => import('./datasource-screen'),
  '/tool/model': () => import('./model-screen'),
  '/tool/code-setting': () => import('./code-setting-screen'),
  '/tool/code': () => import('./code-screen'),
}
