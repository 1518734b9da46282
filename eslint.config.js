// Flat ESLint config. The boundary rules enforce the import direction of docs/architecture.md house rule 5:
// domain imports nothing app-side; shared machinery imports domain; features import shared;
// routes import features; no feature imports another; app/ (providers, router wiring) is the top;
// the server never imports the app; no import cycles.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))

const shared = ['api', 'crud', 'shell', 'offline', 'i18n']
const features = readdirSync(here('./src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
// The only src/ modules the service worker may import: pure and isomorphic, written for both sides.
const swShared = ['./app/pwa/api-cache-rules.ts', './app/pwa/navigation-rules.ts']

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const group = (names, message) => ({ group: names, message })

// Folder boundaries, checked on the resolved file, so the @/ alias and relative paths are caught alike.
const boundaries = [
  ...shared.map((dir) => ({
    target: `./src/${dir}`,
    from: ['./src/features', './src/routes', './src/app'],
    message: `${dir}/ is shared machinery: it must not import features, routes or app/`,
  })),
  {
    target: './src/app',
    from: ['./src/features', './src/routes'],
    message: 'app/ must not import features or routes (the route tree wires them)',
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'a feature must not import another feature: move what both need to domain/, crud/ or api/',
  })),
  {
    target: './src/features',
    from: './src/routes',
    message: 'features must not import route files (use getRouteApi)',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'features must not import app/ (providers and router wiring)',
  },
  {
    target: './sw',
    from: './src',
    except: swShared,
    message:
      'the service worker imports from src/ only the isomorphic modules listed in eslint.config.js',
  },
  {
    target: './server/**/!(*.test).ts',
    from: './tests',
    message: 'server code must not import tests/ (test helpers live in tests/support)',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.tools',
      'data',
      'src/routeTree.gen.ts',
      'src/locales/**/*.ts',
      'coverage',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  // Resolution as Vite and Node do it: `@/` is src/, the server imports with explicit .ts extensions.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ alias: { '@': [here('./src')] }, extensions: ['.ts', '.tsx', '.js'] }),
      ],
    },
    rules: {
      // Type-only imports are not followed (import-x skips them): those cycles are left to review.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: here('.'), zones: boundaries }],
    },
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
    rules: restrict([
      group(
        ['@/*', '../*', 'react', 'react-dom', 'node:*'],
        'domain is isomorphic: it imports nothing from the app, the DOM or Node',
      ),
    ]),
  },
  {
    files: ['src/domain/*/**/*.ts'],
    rules: restrict([
      group(
        ['@/*', '../../*', 'react', 'react-dom', 'node:*'],
        'domain is isomorphic: it imports nothing from the app, the DOM or Node',
      ),
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      {
        regex: '(^|/)src/(?!domain/)',
        message: 'the server may import only src/domain from the app',
      },
    ]),
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
)
