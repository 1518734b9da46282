import { defineConfig } from '@lingui/conf'

export default defineConfig({
  sourceLocale: 'zh',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'zh' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] }],
})
