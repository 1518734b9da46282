// `npm run dev`: the API server with reload on change (node --watch) and the Vite dev server with
// hot reload, which proxies /api to it.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '8081'
const env = { ...process.env, PORT: apiPort, STATIC_DIR: '' }
const server = spawn(
  process.execPath,
  ['--watch-path=server', '--watch-path=src/domain', 'server/main.ts'],
  { stdio: 'inherit', env },
)
const vite = spawn('npx', ['vite', '--host', process.env.HOST ?? '127.0.0.1'], {
  stdio: 'inherit',
  env: { ...process.env, API_TARGET: `http://127.0.0.1:${apiPort}` },
})
const stop = () => {
  server.kill()
  vite.kill()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', (code) => code && stop())
vite.on('exit', stop)
