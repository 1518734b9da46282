import { defineConfig } from '@lingui/conf'

export default defineConfig({
  sourceLocale: 'zh',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'zh' },
  // src/domain is also run by the server (plain Node, no macro transform): it declares labels with the
  // runtime msg of @lingui/core/runtime-macro, which extract treats as a macro and Node can execute.
  macro: { corePackage: ['@lingui/core/macro', '@lingui/core/runtime-macro'] },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] },
  ],
})
