// `npm run bench`: runs every bench script that reports figures against their targets, one after the
// other (they share the machine's cores, so never in parallel), echoes their output, and ends with
// one table of every FIGURE line: figure, measured, target, baseline, met or missed. With
// `--readme` it also rewrites the table between the bench markers of bench/README.md.
// Run: npm run bench [-- --readme] [-- --only lists,throughput]
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { parseFigures, type Figure } from './support/figures.ts'

/** Script, its arguments, and whether it drives the built app. */
const SCRIPTS: { name: string; args: string[]; needsBuild: boolean }[] = [
  { name: 'lists', args: [], needsBuild: false },
  { name: 'tk-orders', args: [], needsBuild: false },
  { name: 'throughput', args: [], needsBuild: false },
  { name: 'isolation', args: [], needsBuild: false },
  { name: 'import', args: [], needsBuild: false },
  { name: 'bundle', args: [], needsBuild: true },
  { name: 'web-vitals', args: [], needsBuild: true },
  { name: 'login-vitals', args: [], needsBuild: true },
  { name: 'replay', args: ['1000,4000'], needsBuild: true },
  { name: 'offline-start', args: [], needsBuild: true },
  { name: 'card-list', args: [], needsBuild: true },
  { name: 'gifts', args: [], needsBuild: false },
  { name: 'dashboard', args: [], needsBuild: false },
  // Last and long (the whole suite, about as long as every other script together).
  { name: 'test-time', args: [], needsBuild: false },
]

const argv = process.argv.slice(2)
const only = argv.includes('--only') ? new Set(argv[argv.indexOf('--only') + 1]!.split(',')) : null
const BENCH_README = 'bench/README.md'
const README_START = '<!-- bench:start -->'
const README_END = '<!-- bench:end -->'

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      process.stdout.write(d)
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`)),
    )
  })
}

const chosen = SCRIPTS.filter((s) => !only || only.has(s.name))
if (chosen.some((s) => s.needsBuild) && !existsSync('dist/index.html'))
  await run('npm', ['run', 'build'])

const figures: Figure[] = []
const failed: string[] = []
for (const s of chosen) {
  console.log(`\n=== bench/${s.name}.ts ${s.args.join(' ')}`)
  try {
    figures.push(...parseFigures(await run(process.execPath, [`bench/${s.name}.ts`, ...s.args])))
  } catch (e) {
    failed.push(`${s.name}: ${(e as Error).message}`)
  }
}

const header = `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), node ${process.version}; load generator, browser and server share the cores.`
const rows = figures.map(
  (f) =>
    `| ${f.figure} | ${f.value} | ${f.target} | ${f.baseline ?? ''} | ${f.ok ? 'met' : '**missed**'} |`,
)
const table = [
  header,
  '',
  '| figure | measured | target | compared with | |',
  '|---|---|---|---|---|',
  ...rows,
].join('\n')
console.log(`\n${table}`)
if (failed.length)
  console.log(`\nbench scripts that failed:\n${failed.map((f) => `- ${f}`).join('\n')}`)

/**
 * With --only, bench/README.md keeps the figures of the scripts not run: a re-measured figure replaces
 * its row in place, a new one is appended, and the header says which scripts ran when.
 */
function merged(old: string): string {
  const lines = old.trim().split('\n')
  const fresh = new Map(figures.map((f, i) => [f.figure, rows[i]!]))
  const kept = lines
    .filter((l) => l.startsWith('| ') && !l.startsWith('| figure '))
    .map((l) => {
      const name = l.slice(2, l.indexOf(' | '))
      const row = fresh.get(name)
      fresh.delete(name)
      return row ?? l
    })
  const note = `${lines[0]!.replace(/\s*$/, '')} Re-measured ${new Date().toISOString().slice(0, 10)}: ${chosen.map((c) => c.name).join(', ')}.`
  return [
    note,
    '',
    '| figure | measured | target | compared with | |',
    '|---|---|---|---|---|',
    ...kept,
    ...fresh.values(),
  ].join('\n')
}

if (argv.includes('--readme')) {
  const readme = readFileSync(BENCH_README, 'utf8')
  const from = readme.indexOf(README_START)
  const to = readme.indexOf(README_END)
  if (from < 0 || to < from)
    throw new Error(`${BENCH_README} has no ${README_START} ... ${README_END} markers`)
  writeFileSync(
    BENCH_README,
    `${readme.slice(0, from + README_START.length)}\n${only ? merged(readme.slice(from + README_START.length, to)) : table}\n${readme.slice(to)}`,
  )
  console.log(`${BENCH_README}: benchmark table rewritten`)
}
if (failed.length) process.exitCode = 1
