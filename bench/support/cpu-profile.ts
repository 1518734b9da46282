// A V8 CPU profile of the page over some work (CDP Profiler), summed by self time per function
// (with the nearest caller in the app's own src/, which says where to act) and per source file,
// mapped back to the sources when the build has hidden source maps. It says what dominates a long
// task or a slow interaction; the figures themselves come from runs without the profiler.
// Playwright's injected script (locator queries) runs on the page's main thread too: it is counted
// apart, so the harness's share is visible and not blamed on the app.
import type { CDPSession } from 'playwright-core'
import { sourceAt } from './source-position.ts'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}
export interface Profile {
  nodes: ProfileNode[]
  samples?: number[]
  timeDeltas?: number[]
}

export interface SelfTime {
  total: number
  harness: number
  functions: { what: string; ms: number }[]
  files: { what: string; ms: number }[]
}

const HARNESS = '(Playwright injected script)'

/** Profiles `work`; the raw profile is summarised with `summarise`. */
export async function profile(cdp: CDPSession, work: () => Promise<void>): Promise<Profile> {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
  await cdp.send('Profiler.start')
  let p: Profile
  try {
    await work()
  } finally {
    p = ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile
    await cdp.send('Profiler.disable')
  }
  return p
}

/**
 * Self time by function and file. With `focus` (a source path prefix such as
 * "src/offline/query-persister.ts"), only the samples with that code on their stack: what a
 * function of the app spends its time on, including the libraries it calls.
 */
export function summarise(p: Profile, distDir: string, focus?: string): SelfTime {
  const nodes = new Map(p.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  // Where each node's code is: a source line, a native function, or the harness (scripts without a URL).
  const places = new Map<number, string>()
  const place = (id: number): string => {
    let s = places.get(id)
    if (s === undefined) {
      const f = nodes.get(id)!.callFrame
      s = f.url
        ? sourceAt(distDir, f.url, f.lineNumber, f.columnNumber)
        : f.lineNumber >= 0
          ? HARNESS
          : f.functionName
      places.set(id, s)
    }
    return s
  }
  const appCallers = new Map<number, string>()
  const appCaller = (id: number): string => {
    let s = appCallers.get(id)
    if (s === undefined) {
      s = ''
      for (let at: number | undefined = parent.get(id); at !== undefined; at = parent.get(at)) {
        if (place(at).startsWith('src/')) {
          s = place(at)
          break
        }
      }
      appCallers.set(id, s)
    }
    return s
  }
  const onStack = (id: number, prefix: string): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (place(at).startsWith(prefix)) return true
    return false
  }
  const fns = new Map<string, number>()
  const files = new Map<string, number>()
  let total = 0
  let harness = 0
  const samples = p.samples ?? []
  const deltas = p.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    const node = nodes.get(samples[i]!)
    // The delta after a sample is the time it stands for.
    const ms = (deltas[i + 1] ?? 0) / 1000
    if (
      !node ||
      node.callFrame.functionName === '(idle)' ||
      node.callFrame.functionName === '(program)'
    )
      continue
    const where = place(node.id)
    if (focus && !onStack(node.id, focus)) continue
    if (where === HARNESS) {
      harness += ms
      continue
    }
    total += ms
    const name = node.callFrame.url
      ? `${node.callFrame.functionName || '(anonymous)'} ${where}`
      : where
    const caller = where.startsWith('src/') ? '' : appCaller(node.id)
    const fn = caller ? `${name}  ← ${caller}` : name
    fns.set(fn, (fns.get(fn) ?? 0) + ms)
    const file = node.callFrame.url
      ? where.replace(/:\d+(:\d+)?$/, '')
      : '(native, GC, style/layout)'
    files.set(file, (files.get(file) ?? 0) + ms)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([what, ms]) => ({ what, ms }))
  return { total, harness, functions: top(fns, 8), files: top(files, 5) }
}

/** Prints the summary under a heading, as the benches print attributions. */
export function printProfile(title: string, s: SelfTime): void {
  const harness =
    s.harness >= 1 ? `, plus ${s.harness.toFixed(0)} ms of Playwright's own queries` : ''
  console.log(
    `      CPU profile of ${title} (one extra run): ${s.total.toFixed(0)} ms of page self time${harness}`,
  )
  if (s.files.length === 0) return
  console.log(`        by file: ${s.files.map((f) => `${f.what} ${f.ms.toFixed(0)}`).join('; ')}`)
  for (const f of s.functions) console.log(`        ${f.ms.toFixed(0).padStart(6)} ms  ${f.what}`)
}
