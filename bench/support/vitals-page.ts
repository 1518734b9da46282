// Web vitals measured inside the page for the browser benchmarks (docs/offline.md P4): the mobile lab
// profile applied through CDP, and PerformanceObservers installed before any app code runs that
// record LCP candidates, layout shifts, event timings (INP), long tasks and long animation frames.
import type { BrowserContext, CDPSession, Page } from 'playwright-core'

/**
 * Lighthouse's mobile profile. The network is Lighthouse's "slow 4G" as it applies it through CDP
 * (its devtools throttling): CDP adds latency once per request, not per round trip of the TCP and
 * TLS handshakes, so Lighthouse multiplies the 150 ms RTT by 3.75 and scales throughput by 0.9
 * (lighthouse-core/config/constants.js). `BENCH_RTT=150` uses the plain figures instead.
 */
const MOBILE = {
  width: 412,
  height: 823,
  deviceScaleFactor: 2.625,
  cpuSlowdown: 4,
  rttMs: 150,
  downKbps: 1.6 * 1024,
  upKbps: 750,
}

export function networkProfile(): {
  latency: number
  downloadThroughput: number
  uploadThroughput: number
  label: string
} {
  const plain = process.env.BENCH_RTT === '150'
  const latency = plain ? MOBILE.rttMs : MOBILE.rttMs * 3.75
  const down = plain ? MOBILE.downKbps : MOBILE.downKbps * 0.9
  const up = plain ? MOBILE.upKbps : MOBILE.upKbps * 0.9
  // CDP takes bytes per second.
  return {
    latency,
    downloadThroughput: (down * 1024) / 8,
    uploadThroughput: (up * 1024) / 8,
    label: `slow 4G: ${latency} ms latency per request, ${down.toFixed(0)} Kbps down, ${up.toFixed(0)} Kbps up${plain ? '' : ' (Lighthouse devtools-throttling values for 150 ms RTT, 1.6 Mbps)'}`,
  }
}

/** Phone screen, mobile user agent and touch for the page behind `cdp` (kept across its navigations). */
export async function emulateMobile(cdp: CDPSession, chromeVersion: string): Promise<void> {
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: MOBILE.width,
    height: MOBILE.height,
    deviceScaleFactor: MOBILE.deviceScaleFactor,
    mobile: true,
    screenWidth: MOBILE.width,
    screenHeight: MOBILE.height,
  })
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
  const userAgent = `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeVersion} Mobile Safari/537.36`
  await cdp.send('Emulation.setUserAgentOverride', { userAgent, platform: 'Android' })
}

/** CPU and network throttling of the mobile profile on (or off) for the page behind `cdp`. */
export async function throttle(
  cdp: CDPSession,
  opts: { cpu: boolean; network: boolean },
): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpu ? MOBILE.cpuSlowdown : 1 })
  const n = networkProfile()
  await cdp.send(
    'Network.emulateNetworkConditions',
    opts.network
      ? {
          offline: false,
          latency: n.latency,
          downloadThroughput: n.downloadThroughput,
          uploadThroughput: n.uploadThroughput,
        }
      : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
  )
}

interface ScriptTiming {
  invoker: string
  fn: string
  url: string
  pos: number
  duration: number
  layout: number
}
export interface FrameTiming {
  start: number
  duration: number
  blocking: number
  scripts: ScriptTiming[]
}
export interface PageVitals {
  lcp: { t: number; size: number; el: string }[]
  shifts: { t: number; value: number; recentInput: boolean; sources: string[] }[]
  events: { name: string; id: number; start: number; duration: number; target: string }[]
  longTasks: { start: number; duration: number }[]
  frames: FrameTiming[]
  /** Synchronous IndexedDB writes (put/add/delete/clear: the value is serialized inside the call), by store. */
  writes: { store: string; t: number; duration: number }[]
}

/**
 * In every document, before the app: observers that keep what Lighthouse and the web-vitals library
 * read (buffered, so entries from before the observer count too). Event timing uses the smallest
 * threshold the API allows (16 ms): an interaction without entries was faster than that.
 */
export async function observeVitals(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const v: PageVitals = { lcp: [], shifts: [], events: [], longTasks: [], frames: [], writes: [] }
    ;(window as unknown as { __vitals: PageVitals }).__vitals = v
    const describe = (node: unknown): string => {
      if (!(node instanceof Element)) return ''
      const id =
        node.getAttribute('data-testid') ??
        node.getAttribute('aria-label') ??
        node.className.toString().split(' ')[0] ??
        ''
      const text = (node.textContent ?? '').trim().slice(0, 24)
      const within = node.parentElement?.closest('[data-testid]')?.getAttribute('data-testid')
      return `${node.tagName.toLowerCase()}${id ? `[${id}]` : ''}${text ? ` "${text}"` : ''}${within ? ` in ${within}` : ''}`
    }
    // Entry types this Chromium lacks are skipped (observe throws for them).
    const watch = (
      type: string,
      each: (e: PerformanceEntry) => void,
      extra: Record<string, unknown> = {},
    ) => {
      try {
        new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({
          type,
          buffered: true,
          ...extra,
        } as PerformanceObserverInit)
      } catch {
        /* not supported */
      }
    }
    type Lcp = PerformanceEntry & { size: number; element: Element | null }
    type Shift = PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
    }
    type EventTiming = PerformanceEntry & { interactionId: number; target: Node | null }
    type Loaf = PerformanceEntry & {
      blockingDuration: number
      scripts: {
        invoker: string
        sourceFunctionName: string
        sourceURL: string
        sourceCharPosition: number
        duration: number
        forcedStyleAndLayoutDuration: number
      }[]
    }
    watch('largest-contentful-paint', (e) =>
      v.lcp.push({ t: e.startTime, size: (e as Lcp).size, el: describe((e as Lcp).element) }),
    )
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`
    watch('layout-shift', (e) => {
      const s = e as Shift
      const sources = s.sources.map(
        (x) =>
          `${describe(x.node) || x.node?.nodeName || '?'} ${rect(x.previousRect)} → ${rect(x.currentRect)}`,
      )
      v.shifts.push({ t: e.startTime, value: s.value, recentInput: s.hadRecentInput, sources })
    })
    watch(
      'event',
      (e) =>
        v.events.push({
          name: e.name,
          id: (e as EventTiming).interactionId,
          start: e.startTime,
          duration: e.duration,
          target: describe((e as EventTiming).target),
        }),
      { durationThreshold: 16 },
    )
    // Which tasks write to IndexedDB, and how long the writes take in the calling task: wraps the
    // platform's IDBObjectStore methods (the app's code is untouched).
    for (const method of ['put', 'add', 'delete', 'clear'] as const) {
      const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest
      ;(IDBObjectStore.prototype as unknown as Record<string, unknown>)[method] = function (
        this: IDBObjectStore,
        ...args: unknown[]
      ) {
        const t = performance.now()
        try {
          return original.apply(this, args)
        } finally {
          v.writes.push({ store: this.name, t, duration: performance.now() - t })
        }
      }
    }
    watch('longtask', (e) => v.longTasks.push({ start: e.startTime, duration: e.duration }))
    watch('long-animation-frame', (e) => {
      const f = e as Loaf
      v.frames.push({
        start: f.startTime,
        duration: f.duration,
        blocking: f.blockingDuration,
        scripts: f.scripts.map((s) => ({
          invoker: s.invoker,
          fn: s.sourceFunctionName,
          url: s.sourceURL,
          pos: s.sourceCharPosition,
          duration: s.duration,
          layout: s.forcedStyleAndLayoutDuration,
        })),
      })
    })
  })
}

export function readVitals(page: Page): Promise<PageVitals> {
  return page.evaluate(() =>
    structuredClone((window as unknown as { __vitals: PageVitals }).__vitals),
  )
}

/** Waits for the frames after the current one, so that entries for what just happened are delivered. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))),
      ),
  )
}

/** Waits until no new LCP candidate or layout shift came for `quietMs` (at most `maxMs`). */
export async function settle(page: Page, quietMs = 1500, maxMs = 20000): Promise<void> {
  const t0 = Date.now()
  let last = ''
  let since = Date.now()
  while (Date.now() - t0 < maxMs) {
    const now = await page.evaluate(() => {
      const v = (window as unknown as { __vitals: PageVitals }).__vitals
      return `${v.lcp.length}/${v.shifts.length}`
    })
    if (now !== last) {
      last = now
      since = Date.now()
    } else if (Date.now() - since >= quietMs) return
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** LCP as Lighthouse reports it: the last candidate before the first input (ms from navigation start). */
export function lcpOf(v: PageVitals): { t: number; el: string } | null {
  const last = v.lcp[v.lcp.length - 1]
  return last ? { t: last.t, el: last.el } : null
}

/** CLS as web-vitals and Lighthouse compute it: the largest session window (gaps < 1 s, at most 5 s) of shifts without recent input. */
export function clsOf(v: PageVitals, from = 0, to = Infinity): number {
  let max = 0
  let cur = 0
  let first = 0
  let prev = 0
  for (const s of v.shifts
    .filter((x) => !x.recentInput && x.t >= from && x.t < to)
    .sort((a, b) => a.t - b.t)) {
    if (cur > 0 && (s.t - prev >= 1000 || s.t - first >= 5000)) cur = 0
    if (cur === 0) first = s.t
    cur += s.value
    prev = s.t
    max = Math.max(max, cur)
  }
  return max
}

/**
 * The slowest interaction among the event entries that started at or after `from` (page time): each
 * interaction's duration is its longest entry (input delay + processing + until the next paint).
 * 0 when no entry reached the 16 ms threshold.
 */
export function worstInteraction(
  v: PageVitals,
  from: number,
): { duration: number; name: string; target: string } {
  let worst = { duration: 0, name: '', target: '' }
  for (const e of v.events)
    if (e.id > 0 && e.start >= from && e.duration > worst.duration)
      worst = { duration: e.duration, name: e.name, target: e.target }
  return worst
}

export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now())

/**
 * Resolves once an element matching `selector` (and containing `text`) is in the document, or once
 * none is (`present: false`). A MutationObserver in the page, started before the action: unlike
 * Playwright's locator polling it adds no work of its own to the main thread being measured.
 */
export function whenSelector(
  page: Page,
  selector: string,
  opts: { present?: boolean; text?: string; timeout?: number } = {},
): Promise<void> {
  const { present = true, text = '', timeout = 90000 } = opts
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${present ? 'no' : 'still an'} element ${selector} ${text} after ${timeout} ms`,
          ),
        ),
      timeout,
    )
  })
  const seen = page.evaluate(
    ({ selector, present, text }) =>
      new Promise<void>((resolve) => {
        const done = () =>
          [...document.querySelectorAll(selector)].some((e) =>
            (e.textContent ?? '').includes(text),
          ) === present
        if (done()) return resolve()
        const observer = new MutationObserver(() => {
          if (!done()) return
          observer.disconnect()
          resolve()
        })
        observer.observe(document, {
          childList: true,
          subtree: true,
          attributes: true,
          characterData: true,
        })
      }),
    { selector, present, text },
  )
  return Promise.race([seen, late]).finally(() => clearTimeout(timer))
}
