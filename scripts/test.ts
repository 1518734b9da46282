// `npm test`: builds the app (the end-to-end tests drive the production build), then runs every
// Vitest project: app units, server over real HTTP on SQLite and PostgreSQL, and end-to-end in
// Chromium. Prints one closing line 'tests: N passed, N failed, N skipped'.
import { spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync, mkdtempSync, readFileSync } from 'node:fs'
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
// Each of the suite's thousand logins verifies a scrypt hash: at the production cost that was a tenth
// of the server tests' CPU. The hashes keep their format and checks, at a sixteenth of the work.
process.env.PASSWORD_SCRYPT_N ??= '1024'

const run = (cmd: string, args: string[]) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1

// Each step's wall time, printed at the end (bench/test-time.ts reads the line).
const started = performance.now()
const steps: string[] = []
const timed = <T>(name: string, step: () => T): T => {
  const t0 = performance.now()
  try {
    return step()
  } finally {
    steps.push(`${name} ${Math.round((performance.now() - t0) / 1000)} s`)
  }
}

if (process.env.SKIP_BUILD !== '1' && timed('build', () => run('npm', ['run', 'build'])) !== 0) {
  console.error('build failed')
  process.exit(1)
}

const out = mkdtempSync(join(tmpdir(), 'vitest-report-'))
// The end-to-end files run two at a time: four at a time left the pass no faster (the browsers
// already keep both cores busy).
const passes: { name: string; args: string[] }[] = [
  {
    name: 'unit+server',
    args: ['--project', 'app', '--project', 'server'],
  },
  { name: 'e2e', args: ['--project', 'e2e', '--maxWorkers=2'] },
]
const only = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
let exit = 0
// The names of the failed tests, repeated under the closing line: a CI log is often read from its tail.
const failures: string[] = []
type Report = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  numFailedTestSuites: number
  testResults?: {
    name: string
    status: string
    message?: string
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[]
  }[]
}
const firstLine = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? ''
for (const p of passes) {
  if (only && only !== p.name) continue
  const file = join(out, `${p.name}.json`)
  const status = timed(p.name, () =>
    run('npx', [
      'vitest',
      'run',
      ...p.args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]),
  )
  if (status !== 0) exit = 1
  if (!existsSync(file)) {
    failed++
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report
  for (const suite of report.testResults ?? []) {
    const where = suite.name.replace(`${process.cwd()}/`, '')
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
    for (const t of failedTests)
      failures.push(`${p.name}: ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
    if (!failedTests.length && suite.status === 'failed')
      failures.push(`${p.name}: ${where}: ${firstLine(suite.message)}`)
  }
  passed += report.numPassedTests
  // A suite that fails before its tests run (a broken import, a failing hook) counts as a failure.
  failed += report.numFailedTests || (status !== 0 ? Math.max(1, report.numFailedTestSuites) : 0)
  skipped += report.numPendingTests + report.numTodoTests
}
if (failed > 0) exit = 1
console.log(
  `test time: ${Math.round((performance.now() - started) / 1000)} s in all (${steps.join(', ')})`,
)
for (const f of failures) console.log(`FAILED ${f}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(exit)
