// `npm test`: builds the app (the end-to-end tests drive the production build), then runs every
// Vitest project: app units, server over real HTTP on SQLite and PostgreSQL, and end-to-end in
// Chromium. Prints one closing line 'tests: N passed, N failed, N skipped'.
import { spawn, spawnSync } from 'node:child_process'
import { accessSync, closeSync, constants, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** True when `dir` is a folder this process may write to. */
function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK)
    return true
  } catch {
    return false
  }
}

// The tests' scratch databases, uploads and browser profiles live in memory when the machine has a
// tmpfs, and PostgreSQL does not wait for its disk on each commit of a scratch database: a test
// asks nothing of a flush to disk, which was most of a small write's time (and of the suite's).
// The benches keep the disk: they measure what a real server does.
if (!process.env.TMPDIR && writable('/dev/shm')) process.env.TMPDIR = '/dev/shm'
process.env.TEST_PG_SYNCHRONOUS_COMMIT ??= 'off'

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1

if (process.env.SKIP_BUILD !== '1' && run('npm', ['run', 'build']) !== 0) {
  console.error('build failed')
  process.exit(1)
}

// The two passes run side by side: the e2e files go one at a time and mostly wait on Chromium and
// the network (about half a core), while the unit and server files keep the cores busy (workers as
// vite.config.ts sets them). The e2e output is held and printed when it ends, so the logs stay
// readable.
const out = mkdtempSync(join(tmpdir(), 'vitest-report-'))
const passes: { name: string; args: string[]; quiet: boolean }[] = [
  { name: 'unit+server', args: ['--project', 'app', '--project', 'server'], quiet: false },
  { name: 'e2e', args: ['--project', 'e2e', '--no-file-parallelism'], quiet: true },
]
const only = process.argv[2]
const chosen = passes.filter((p) => !only || only === p.name)

/** Runs one pass; its output goes to the terminal, or (quiet, beside another pass) to a file printed at the end. */
function runPass(p: (typeof passes)[number], quiet: boolean): Promise<{ status: number; log: string | null }> {
  const file = join(out, `${p.name}.json`)
  const log = quiet ? join(out, `${p.name}.log`) : null
  const args = ['vitest', 'run', ...p.args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]
  const fd = log ? openSync(log, 'w') : null
  const child = spawn('npx', args, { stdio: fd === null ? 'inherit' : ['ignore', fd, fd], env: process.env })
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      if (fd !== null) closeSync(fd)
      resolve({ status: code ?? (signal ? 1 : 0), log })
    })
  })
}

const results = await Promise.all(chosen.map((p) => runPass(p, p.quiet && chosen.length > 1)))
let passed = 0
let failed = 0
let skipped = 0
let exit = 0
chosen.forEach((p, n) => {
  const { status, log } = results[n]!
  if (log) {
    console.log(`\n===== ${p.name} =====`)
    process.stdout.write(readFileSync(log, 'utf8'))
  }
  if (status !== 0) exit = 1
  const file = join(out, `${p.name}.json`)
  if (!existsSync(file)) {
    failed++
    return
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number }
  passed += report.numPassedTests
  // A suite that fails before its tests run (a broken import, a failing hook) counts as a failure.
  failed += report.numFailedTests || (status !== 0 ? Math.max(1, report.numFailedTestSuites) : 0)
  skipped += report.numPendingTests + report.numTodoTests
})
if (failed > 0) exit = 1
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(exit)
