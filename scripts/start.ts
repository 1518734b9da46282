// `npm start`: builds the app when dist/ is missing or older than its sources, then runs the server
// (API and built app on one port).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const name of readdirSync(path))
    if (name !== 'routeTree.gen.ts' && !name.startsWith('.'))
      max = Math.max(max, newest(join(path, name)))
  return max
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
const sources = Math.max(
  newest('src'),
  newest('sw'),
  newest('public'),
  newest('index.html'),
  newest('vite.config.ts'),
)
// STATIC_DIR empty serves the API only: nothing to build.
if (process.env.STATIC_DIR !== '' && built < sources) {
  console.info('building the app...')
  // Always a production build, whatever NODE_ENV the caller has (a test runner sets 'test', and
  // Vite would then build without the service worker and with React's development build).
  const r = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
await import('../server/main.ts')
