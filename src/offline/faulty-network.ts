// A network in front of the fake Blade engine (tests only): each replayed request meets the fault
// its schedule gives the request of its rank (sync-schedule.ts), the later ones none. Delays are
// timers, so a test with fake timers decides when a slow answer, a duplicate or a reconnect lands.
import { http as mock, HttpResponse } from 'msw'
import { API } from '@/test/msw'
import type { NetFault } from './sync-schedule'
import { answers, TEST_API, type fakeBlade } from './test-utils'

const NONE: NetFault = { kind: 'none' }
const lost = () => HttpResponse.error()
const tokenOf = (request: Request) =>
  (request.headers.get('Blade-Auth') ?? '').replace(/^bearer /, '')

export function faultyNetwork(blade: ReturnType<typeof fakeBlade>) {
  // inFlight: handlers running (a server may go on after the client gave up); sleeping: those waiting
  // for a timer; awaited: requests the client still waits for, and the most it ever waited for at once.
  const net = {
    faults: [] as NetFault[],
    requests: 0,
    inFlight: 0,
    sleeping: 0,
    awaited: 0,
    mostAwaited: 0,
    down: 0,
  }

  async function sleep(ms: number): Promise<void> {
    net.sleeping++
    try {
      await new Promise<void>((resolve) => setTimeout(resolve, ms))
    } finally {
      net.sleeping--
    }
  }

  /** Offline for `ms`: every request fails meanwhile; the browser's events mark both edges. */
  function disconnect(ms: number): void {
    net.down++
    blade.state.offline = true
    window.dispatchEvent(new Event('offline'))
    setTimeout(() => {
      if (--net.down > 0) return
      blade.state.offline = false
      window.dispatchEvent(new Event('online'))
    }, ms)
  }

  async function deliver(request: Request, entity: string, op: string): Promise<Response> {
    const fault = net.faults[net.requests++] ?? NONE
    const serve = (work?: () => Promise<void>, copy = request) =>
      blade.serve(copy, entity, op, work)
    switch (fault.kind) {
      case 'none':
        return serve()
      case 'lost-request':
        return lost()
      case 'lost-answer':
        await serve()
        return lost()
      case 'duplicate': {
        const copy = request.clone()
        const first = serve(() => sleep(fault.work))
        await sleep(fault.gap)
        const both = await Promise.all([first, serve(undefined, copy)])
        return both[fault.answer === 'first' ? 0 : 1]
      }
      case 'unavailable':
        if (fault.applied) await serve()
        return answers.unavailable()
      case 'expired':
        blade.state.tokens.delete(tokenOf(request))
        if (fault.refreshFails) blade.state.refreshWorks = false
        return serve()
      case 'slow': {
        if (fault.where === 'network') await sleep(fault.ms)
        const answer = await serve(fault.where === 'server' ? () => sleep(fault.ms) : undefined)
        if (fault.where === 'answer') await sleep(fault.ms)
        return answer
      }
      case 'disconnect':
        disconnect(fault.ms)
        return lost()
    }
  }

  const handler = mock.post(`${API}${TEST_API}/:entity/:op`, async ({ request, params }) => {
    net.inFlight++
    net.mostAwaited = Math.max(net.mostAwaited, ++net.awaited)
    let answered = false
    const done = () => {
      if (!answered) net.awaited--
      answered = true
    }
    request.signal.addEventListener('abort', done)
    try {
      const answer = await deliver(request, String(params.entity), String(params.op))
      // The device went offline while the request was out: its answer never arrives.
      return blade.state.offline ? lost() : answer
    } finally {
      net.inFlight--
      done()
    }
  })

  function reset(faults: NetFault[]): void {
    Object.assign(net, {
      faults,
      requests: 0,
      inFlight: 0,
      sleeping: 0,
      awaited: 0,
      mostAwaited: 0,
      down: 0,
    })
  }

  return { net, handler, reset }
}
