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

// The server's layers: each folder (or file directly in server/) may import only those listed for
// it, besides itself and src/domain. main → app → modules → {crud, engines} → {auth, log} → db →
// core; http, the HTTP adapter, sits beside app (app imports it; it imports what app may, except
// the modules); the seeds build on the modules; config.ts is the loader main.ts reads the
// configuration with (what it holds is core's type). The engines use no module, no auth, no log.
const serverLayers = {
  core: [],
  db: ['core'],
  auth: ['db', 'core'],
  log: ['db', 'core'],
  crud: ['auth', 'log', 'db', 'core'],
  engines: ['db', 'core'],
  modules: ['crud', 'engines', 'auth', 'log', 'db', 'core'],
  http: ['crud', 'engines', 'auth', 'log', 'db', 'core'],
  seed: ['modules', 'crud', 'engines', 'auth', 'db', 'core'],
  'app.ts': ['http', 'modules', 'crud', 'engines', 'auth', 'log', 'db', 'core'],
  'config.ts': ['auth', 'core'],
}
const serverEntries = [...Object.keys(serverLayers), 'main.ts']
// Tests may also import the seed (the reference rows they name or compare with: seed/ids.ts and
// the like) and config.ts (readConfig makes their configuration). Two reach higher for what they
// check: the API description's test describes the routes the app serves (app.ts), and the xlsx
// writer's test reads its files back with the import's reader (crud/import/read-sheet.ts only).
const testsAlsoImport = { all: ['seed', 'config.ts'], http: ['app.ts'] }
const testsAlsoImportFiles = { core: { crud: ['./import/read-sheet.ts'] } }
const serverZones = Object.entries(serverLayers).flatMap(([name, allowed]) => {
  const path = (entry) => `./server/${entry}`
  const message = `server/${name} may import ${allowed.length ? `only ${allowed.join(', ')}` : 'no other server folder'} (and src/domain): the layers in eslint.config.js`
  const above = serverEntries.filter((e) => e !== name && !allowed.includes(e))
  if (name.endsWith('.ts')) return [{ target: path(name), from: above.map(path), message }]
  const files = (file) => path(`${name}/**/${file}`)
  const testsAlso = [...testsAlsoImport.all, ...(testsAlsoImport[name] ?? [])]
  const testFiles = Object.entries(testsAlsoImportFiles[name] ?? {})
  const testsMayNot = above.filter(
    (e) => !testsAlso.includes(e) && !testFiles.some(([entry]) => entry === e),
  )
  return [
    { target: files('!(*.test).ts'), from: above.map(path), message },
    { target: files('*.test.ts'), from: testsMayNot.map(path), message },
    ...testFiles.map(([entry, except]) => ({
      target: files('*.test.ts'),
      from: path(entry),
      except,
      message,
    })),
  ]
})

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
  ...serverZones,
  // A migration does what it did when it first ran: it imports kysely and its own folder's helpers
  // (columns.ts), never live code whose later edits would change what a new database gets.
  ...['./server', './src'].map((from) => ({
    target: './server/db/migrations',
    from,
    except: from === './server' ? ['./db/migrations'] : [],
    message:
      'a migration imports only kysely and its own folder: copy into it what it needs, so that later edits elsewhere leave it alone',
  })),
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
