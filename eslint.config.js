// Flat ESLint config. The boundary rules enforce the import direction of docs/style.md principle 5:
// domain imports nothing app-side; shared machinery imports domain; features import shared;
// routes import features; no feature imports another; the server never imports the app.
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const shared = ['api', 'crud', 'shell', 'offline', 'i18n', 'app']
const features = '@/features/*'

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const group = (names, message) => ({ group: names, message })

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.tools', 'data', 'src/routeTree.gen.ts', 'src/locales/**/*.ts', 'coverage', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ alias: { '@': [fileURLToPath(new URL('./src', import.meta.url))] }, extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // domain is isomorphic: it imports nothing from the app, the DOM or Node (relative paths may not
  // climb out of src/domain).
  {
    files: ['src/domain/*.ts'],
    rules: restrict([group(['@/*', '../*', 'react', 'react-dom', 'node:*'], 'domain is isomorphic: it imports nothing from the app, the DOM or Node')]),
  },
  {
    files: ['src/domain/*/**/*.ts'],
    rules: restrict([group(['@/*', '../../*', 'react', 'react-dom', 'node:*'], 'domain is isomorphic: it imports nothing from the app, the DOM or Node')]),
  },
  ...shared.map((dir) => ({
    files: [`src/${dir}/**/*.{ts,tsx}`],
    rules: restrict([
      group([features, '@/routes/*', '../features/*', '../routes/*'], `${dir}/ is shared machinery: it must not import features or routes`),
    ]),
  })),
  {
    files: ['src/features/*/**/*.{ts,tsx}'],
    rules: restrict([
      group(['@/routes/*', '../../routes/*'], 'features must not import route files (use getRouteApi)'),
      group(['../../features/*', '../*/'], 'a feature must not import another feature'),
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([{ regex: '(^|/)src/(?!domain/)', message: 'the server may import only src/domain from the app' }]),
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
)
