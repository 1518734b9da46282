// Mixed load on a running server with autocannon: every connection loops over two generic list
// pages, a detail and a notice submit with a fresh client-made id and Idempotency-Key (as the
// outbox sends rows). Used by bench/load.ts (figures) and the load smoke test (no failures).
import autocannon, { type Request } from 'autocannon'
import { randomBytes } from 'node:crypto'
import { call } from './http.ts'
import { NOTICE_SUBMIT, type Envelope, type Target } from './notice-batch.ts'

export const LOAD_KINDS = ['notice page', 'param page', 'notice detail', 'notice submit'] as const
type LoadKind = (typeof LOAD_KINDS)[number]

interface Latency {
  count: number
  p50: number
  p95: number
  p99: number
}

export interface LoadFigures {
  seconds: number
  connections: number
  requests: number
  perSecond: number
  latency: Latency
  byKind: Record<LoadKind, Latency>
  non2xx: number
  /** Status code → count, for the answers that were not 2xx. */
  non2xxCodes: Record<string, number>
  /** 2xx answers whose Blade envelope says `success: false`. */
  notSuccess: number
  errors: number
  timeouts: number
  /** Notices the submits created (their titles start with `titlePrefix`). */
  written: number
  titlePrefix: string
  /** A few answers that were not a success, to say what went wrong. */
  failures: string[]
}

function latencyOf(ms: number[]): Latency {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99) }
}

function succeeded(body: string): boolean {
  try {
    return (JSON.parse(body) as Envelope).success === true
  } catch {
    return false
  }
}

export async function runLoad(
  target: Target,
  opts: { seconds: number; connections: number },
): Promise<LoadFigures> {
  const auth = { 'Blade-Auth': `bearer ${target.token}` }
  const first = await call<Envelope>(target.baseUrl, 'GET', '/api/blade-desk/notice/page', {
    token: target.token,
    query: { current: '1', size: '1' },
  })
  const noticeId = (first.body.data as { records: { id: string }[] }).records[0]?.id
  if (!noticeId) throw new Error(`no notice to read: ${JSON.stringify(first.body)}`)

  const tag = randomBytes(4).toString('hex')
  const titlePrefix = `load ${tag} `
  // 19-digit ids: a fixed lead, 12 digits of time, a counter.
  const idBase = `7${String(Date.now()).slice(-12)}`
  let sent = 0
  const latencies = Object.fromEntries(LOAD_KINDS.map((k) => [k, [] as number[]])) as Record<
    LoadKind,
    number[]
  >
  const failures: string[] = []
  let notSuccess = 0
  let written = 0
  // A request's onResponse runs just before the instance emits `response` with the latency, in
  // the same tick: the kind noted here is the kind of the response timed there.
  let answered: LoadKind | null = null
  const request = (kind: LoadKind, req: Request): Request => ({
    ...req,
    headers: { ...auth, ...req.headers },
    onResponse: (status, body) => {
      answered = kind
      if (status < 200 || status >= 300) {
        if (failures.length < 5) failures.push(`${kind}: HTTP ${status} ${body.slice(0, 200)}`)
        return
      }
      if (!succeeded(body)) {
        notSuccess++
        if (failures.length < 5) failures.push(`${kind}: ${body.slice(0, 200)}`)
      } else if (kind === 'notice submit') written++
    },
  })
  const requests: Request[] = [
    request('notice page', {
      method: 'GET',
      path: '/api/blade-desk/notice/page?current=1&size=10',
    }),
    request('param page', {
      method: 'GET',
      path: '/api/blade-system/param/page?current=1&size=10',
    }),
    request('notice detail', {
      method: 'GET',
      path: `/api/blade-desk/notice/detail?id=${noticeId}`,
    }),
    request('notice submit', {
      method: 'POST',
      path: NOTICE_SUBMIT,
      setupRequest: (req) => {
        const n = sent++
        const body = {
          id: `${idBase}${String(n).padStart(6, '0')}`,
          title: `${titlePrefix}${n}`,
          category: 1,
          releaseTime: '2026-11-21 10:30:00',
          content: `<p>load ${n}</p>`,
        }
        return {
          ...req,
          headers: {
            ...auth,
            'content-type': 'application/json',
            'Idempotency-Key': `load-${tag}-${n}`,
          },
          body: JSON.stringify(body),
        }
      },
    }),
  ]

  const instance = autocannon({
    url: target.baseUrl,
    connections: opts.connections,
    duration: opts.seconds,
    requests,
  })
  instance.on('response', (_client, _status, _bytes, ms) => {
    if (answered) latencies[answered].push(ms)
    answered = null
  })
  const result = await instance
  const non2xxCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, s]) => [code, s.count]),
  )
  return {
    seconds: result.duration,
    connections: opts.connections,
    requests: result.requests.total,
    perSecond: result.requests.total / result.duration,
    latency: latencyOf(Object.values(latencies).flat()),
    byKind: Object.fromEntries(LOAD_KINDS.map((k) => [k, latencyOf(latencies[k])])) as Record<
      LoadKind,
      Latency
    >,
    non2xx: result.non2xx,
    non2xxCodes,
    notSuccess,
    errors: result.errors,
    timeouts: result.timeouts,
    written,
    titlePrefix,
    failures,
  }
}

/** The figures as lines of text, under `label`. */
export function describeLoad(label: string, f: LoadFigures): string {
  const ms = (l: Latency) =>
    `p50 ${l.p50.toFixed(1)} ms  p95 ${l.p95.toFixed(1)} ms  p99 ${l.p99.toFixed(1)} ms`
  return [
    `${label}: ${f.connections} connections, ${f.seconds} s`,
    `  requests ${f.requests}  ${f.perSecond.toFixed(0)} req/s  ${ms(f.latency)}`,
    ...LOAD_KINDS.map(
      (k) => `  ${k.padEnd(14)} n=${String(f.byKind[k].count).padEnd(7)} ${ms(f.byKind[k])}`,
    ),
    `  non-2xx ${f.non2xx}${f.non2xx ? ` ${JSON.stringify(f.non2xxCodes)}` : ''}  not success ${f.notSuccess}  errors ${f.errors} (timeouts ${f.timeouts})  notices written ${f.written}`,
    ...f.failures.map((x) => `  ! ${x}`),
  ].join('\n')
}
