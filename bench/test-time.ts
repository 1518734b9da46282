// The whole `npm test` on this machine, timed (target: 10 minutes): the build, then every Vitest
// pass, as scripts/test.ts runs them in CI. Its failures fail the figure: a fast failing suite is
// not a fast suite. Run: node bench/test-time.ts
import { spawn } from 'node:child_process'
import { printFigures } from './support/figures.ts'

const TARGET_S = 600

const t0 = performance.now()
const output = await new Promise<string>((resolve) => {
  const child = spawn('npm', ['test'], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString()
    process.stderr.write(d)
  })
  child.on('close', () => resolve(out))
})
const seconds = (performance.now() - t0) / 1000
const steps = /^test time: .*\((.*)\)$/m.exec(output)?.[1] ?? 'steps not printed'
const tally = /^tests: (\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(output)
const failed = tally ? Number(tally[2]) : 1
const minutes = `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
console.log(`npm test: ${minutes} (${steps}); ${tally?.[0] ?? 'no tally printed'}`)
printFigures([
  {
    figure: 'npm test on this machine, build included',
    value: `${minutes} (${steps})${failed ? `, ${failed} failed` : ''}`,
    target: `<= ${TARGET_S / 60} min, 0 failed`,
    baseline: tally?.[0] ?? '',
    ok: seconds <= TARGET_S && failed === 0,
  },
])
