/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { chunkCatalogs } from './scripts/chunk-catalogs.ts'
import { firstListChunk } from './scripts/first-list-chunk.ts'
import { firstScreenFirst } from './scripts/precache-order.ts'

// What a signed-in page runs up to its first list: the signed-in layout and the shell, the catch-all
// menu route with the generic list screen, the list prefetch and the offline core.
const firstList = firstListChunk([
  /[\\/]src[\\/]routes[\\/]_main(\.tsx|[\\/]\$\.tsx)/,
  /[\\/]src[\\/]app[\\/](list-prefetch|offline-start)\.ts/,
])

// The shell group below (codeSplitting) goes right after the page's own files in the precache.
const precacheOrder = firstScreenFirst('assets/shell-')

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080'

// The app's unit files (jsdom).
const appFiles = {
  environment: 'jsdom' as const,
  setupFiles: ['./src/test/setup.ts'],
  include: ['src/**/*.test.{ts,tsx}'],
  // Ceilings, not expectations: a test that passes ends when what it waits for happens, and a
  // shared machine at a load of 60 runs a test ten times slower or more. Above the 60 s a findBy
  // waits (src/test/setup.ts), so a screen that never shows fails by its own message.
  testTimeout: 180_000,
  hookTimeout: 180_000,
}

export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The app's `zod` is Zod configured for the server's CSP (src/app/zod.ts): it runs before any
      // schema is built wherever Zod is first loaded, and costs nothing where it is not.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zod.ts', import.meta.url)) },
    ],
  },
  plugins: [
    // Order matters: router plugin before React, Lingui macro transform after it.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // /login is part of the first download, which is kept small (bench/bundle.ts measures it): a
      // first visit shows it without waiting for a second round of requests for its route chunk, and
      // what it uses counts as first-screen code.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === '/login' ? [] : undefined),
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    firstList.plugin,
    precacheOrder.plugin,
    lingui({ macroTransform: true }),
    chunkCatalogs(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: '越南电商管理平台',
        short_name: '电商管理',
        start_url: '/',
        display: 'standalone',
        theme_color: '#409EFF',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        // A classic worker (the app registers it without type: 'module'); also spares the plugin's
        // deprecated inlineDynamicImports option, which only its 'es' build sets.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // The first screen's files first (Workbox precaches one file at a time, in this order).
        manifestTransforms: [precacheOrder.transform],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    chunkSizeWarningLimit: 1500,
    // Few, larger chunks (docs/offline.md P1): every chunk is a request through the service worker and a
    // <link rel=modulepreload> the page creates, and those per-request costs, not bytes, dominated the
    // offline start (about 160 files for the first list before). Lazy screens stay lazy. The first
    // download is the entry's static graph only (the app frame, /login and their libraries): the
    // offline core, the query library and the shell are lazy, so a first visit stays light. Grouping
    // the lazy modules by the set of chunks that use them (entriesAware) was tried: 19 files for the
    // first list and more bytes than these two groups.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every start runs: the libraries, then the app's own start-up code.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 40 },
            { name: 'app', tags: ['$initial'], priority: 30 },
            // What the first list after a login needs, libraries and app code in one file (firstListChunk).
            { name: 'shell', test: firstList.test, priority: 25 },
            // The dropdowns (Select, Autocomplete and their Combobox): loaded when a list's page size, a
            // search with options or the top bar's menu search is first used (src/crud/select-parts.ts).
            {
              name: 'combobox',
              test: /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Combobox|Select|Autocomplete)[\\/]/,
              priority: 22,
            },
            // The UI kit parts that only lazy screens use, in one file instead of one per component or icon.
            {
              name: 'ui',
              test: /[\\/]node_modules[\\/](@mantine|@floating-ui|@tabler|react-number-format|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-textarea-autosize|react-transition-group|clsx|dayjs)[\\/]/,
              priority: 20,
            },
            // App modules that several lazy screens share (shell parts, the CRUD engine, entity declarations).
            { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    // Vitest keeps one core free by default, which on a two-core machine runs the files one at a
    // time; the suites wait on servers and databases often enough that one file more than the
    // cores keeps them busy (two workers left a quarter of the CPU idle). The e2e pass runs two
    // files at a time, and the few that need the machine alone after them (scripts/test.ts).
    maxWorkers: Math.max(3, availableParallelism()),
    // One migrated and seeded database per worker to copy for each test server (database-template.ts).
    globalSetup: ['./tests/support/global-setup.ts'],
    // What a page, a server or a worker does next comes when the machine gets to it: expect.poll's
    // default second was too short for a page beside another browser, or on a shared machine.
    expect: { poll: { timeout: 60_000 } },
    // Loaded by Vitest only: the build reads this file too and has no use for the test runner.
    sequence: process.env.VITEST
      ? { sequencer: (await import('./tests/support/sequencer.ts')).LongFirstSequencer }
      : {},
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          ...appFiles,
          // The files share their worker's jsdom window and module graph: React, Mantine and the
          // app's modules are loaded once a worker, not once a file (a quarter of this project's
          // CPU). Each file starts from a clean page (src/test/setup.ts says what it resets) and
          // puts back what it changes on the window.
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // The server files share their workers' module graph instead of each importing the server
          // anew (Fastify, Kysely, the routes: a second or two of CPU a file); each file starts its
          // own server and database, and none mocks a module.
          isolate: false,
          include: [
            'server/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/faults/**/*.test.ts',
          ],
          // Generous ceilings for the same reason as the app's: a busy machine is slower, not red.
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          // As the server files: the files share their workers' module graph (the server and
          // playwright-core loaded once a worker, not once a file) and the seeded database template
          // (tests/support/database-template.ts); each file starts its own server and browser.
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
