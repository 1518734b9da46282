// Random sync schedules for the sync engine's property test (tests only): a queue of offline writes
// of a few records, interleaved, some referencing another record's client id (dependsOn, docs/offline.md R7), and
// the network faults met by the requests in the order they are made. Also what a correct engine
// leaves behind: the rows a poison row holds back stay queued, every other row is applied once.
import fc from 'fast-check'

const ENTITIES = ['count', 'line', 'kol'] as const

interface RecordPlan {
  entity: (typeof ENTITIES)[number]
  id: string
  /** On the server before the queue (updated on the version the device saw), else created by the queue. */
  serverVersion: number | null
  updates: number
  /** The record's last queued row removes it. */
  removed: boolean
}

export interface QueuedRow {
  /** Place in the queue (enqueue order). */
  n: number
  record: number
  op: 'submit' | 'update' | 'remove'
  baseVersion: number | null
  dependsOn: string[]
  /** The ids of dependsOn the server checks exist when it applies the row (a foreign key). */
  refs: string[]
  /** The server refuses it as a business error (HTTP 200, code 400): a truly rejected row. */
  poison: boolean
}

/** What the network and the server do to one request (index = order of the requests). */
export type NetFault =
  | { kind: 'none' }
  | { kind: 'lost-request' }
  | { kind: 'lost-answer' }
  /** Delivered twice; the first copy holds the key `work` ms, the second arrives `gap` ms later. */
  | { kind: 'duplicate'; work: number; gap: number; answer: 'first' | 'second' }
  /** 503 before the server, or 504 after it applied the write. */
  | { kind: 'unavailable'; applied: boolean }
  /** The token expired; the client's one refresh may fail too (then needs-auth until a new login). */
  | { kind: 'expired'; refreshFails: boolean }
  | { kind: 'slow'; where: 'network' | 'server' | 'answer'; ms: number }
  /** The device goes offline for `ms` (this request is lost), then online again. */
  | { kind: 'disconnect'; ms: number }

export interface Schedule {
  records: RecordPlan[]
  rows: QueuedRow[]
  /** Rows from this place on are queued while the engine runs, one per step of the test. */
  queuedLive: number
  faults: NetFault[]
  /** The draws of the backoff's full jitter (Math.random), in turn; 0.5 when empty. */
  jitter: number[]
  /** Event-loop turns the engine gets between two moves of the test; few: the clock moves mid-work. */
  turns: number
}

const oneIn = (n: number) => fc.nat({ max: n - 1 }).map((k) => k === 0)

const recordArb = fc.record({
  entity: fc.constantFrom(...ENTITIES),
  serverVersion: fc.option(fc.integer({ min: 1, max: 5 }), { freq: 3 }),
  updates: fc.integer({ min: 0, max: 3 }),
  removed: oneIn(6),
})

const ms = (max: number) => fc.integer({ min: 0, max })

const netFaultArb: fc.Arbitrary<NetFault> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'lost-request' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'lost-answer' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('duplicate' as const),
      work: ms(2000),
      gap: ms(2000),
      answer: fc.constantFrom('first' as const, 'second' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('unavailable' as const), applied: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('expired' as const), refreshFails: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('slow' as const),
      where: fc.constantFrom('network' as const, 'server' as const, 'answer' as const),
      ms: ms(5000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('disconnect' as const), ms: ms(120_000) }),
  },
)

/** A record's rows in queue order: its create (unless on the server), its updates, its remove. */
function laneOps(plan: Omit<RecordPlan, 'id'>): QueuedRow['op'][] {
  const ops: QueuedRow['op'][] = plan.serverVersion === null ? ['submit'] : []
  for (let u = 0; u < plan.updates; u++) ops.push('update')
  if (plan.removed) ops.push('remove')
  return ops.length ? ops : ['update']
}

interface Choices {
  /** Which record's next row comes at each place of the queue. */
  picks: number[]
  /** A bit mask over the records a row may reference at its place. */
  refs: number[]
  poison: boolean[]
  queuedLive: number
  faults: NetFault[]
  jitter: number[]
  turns: number
}

function build(plans: Omit<RecordPlan, 'id'>[], c: Choices): Schedule {
  // Server records and created records get ids of their own kind (a create's id is made on the device).
  const records = plans.map((p, i) => ({
    ...p,
    id: String((p.serverVersion === null ? 700 : 500) + i),
  }))
  const left = records.map(laneOps)
  const rows: QueuedRow[] = []
  for (let n = 0; left.some((l) => l.length); n++) {
    const open = left.flatMap((l, i) => (l.length ? [i] : []))
    const record = open[c.picks[n]! % open.length]!
    const op = left[record]!.shift()!
    const plan = records[record]!
    // A row may reference a record the server has or one whose create is queued before it.
    const known = records.filter(
      (p, i) => i !== record && (p.serverVersion !== null || rows.some((r) => r.record === i)),
    )
    const dependsOn =
      op === 'remove' ? [] : known.filter((_, j) => j < 4 && (c.refs[n]! >> j) & 1).map((p) => p.id)
    rows.push({
      n,
      record,
      op,
      baseVersion: op === 'update' ? plan.serverVersion : null,
      dependsOn,
      // A record the queue removes may be gone when the row lands: the server does not check it.
      refs: dependsOn.filter((id) => !records.find((p) => p.id === id)!.removed),
      poison: op !== 'remove' && c.poison[n]!,
    })
  }
  return {
    records,
    rows,
    queuedLive: Math.min(c.queuedLive, rows.length),
    faults: c.faults,
    jitter: c.jitter,
    turns: c.turns,
  }
}

export const scheduleArb: fc.Arbitrary<Schedule> = fc
  .array(recordArb, { minLength: 1, maxLength: 6 })
  .chain((plans) => {
    const total = plans.reduce((sum, p) => sum + laneOps(p).length, 0)
    const perRow = <T>(arb: fc.Arbitrary<T>) =>
      fc.array(arb, { minLength: total, maxLength: total })
    return fc
      .record({
        picks: perRow(fc.nat()),
        refs: perRow(
          fc.oneof(
            { weight: 2, arbitrary: fc.constant(0) },
            { weight: 1, arbitrary: fc.nat({ max: 15 }) },
          ),
        ),
        poison: perRow(oneIn(25)),
        queuedLive: fc.nat({ max: total }),
        faults: fc.array(netFaultArb, { maxLength: 3 * total }),
        // Never 0: a fake clock does not move when every backoff draws 0 (a real one would).
        jitter: fc.array(fc.double({ min: 0.01, max: 1, maxExcluded: true, noNaN: true }), {
          maxLength: 8,
        }),
        turns: fc.integer({ min: 1, max: 30 }),
      })
      .map((c) => build(plans, c))
  })

/**
 * The rows a correct engine leaves in the outbox, by place in the queue: a poison row is rejected
 * (docs/offline.md R12), and every row queued after a row left behind of its own record or of a record it
 * references waits, pending (docs/offline.md R7, R13). Every other row is applied once and leaves.
 */
export function leftBehind(s: Schedule): Map<number, 'rejected' | 'pending'> {
  const left = new Map<number, 'rejected' | 'pending'>()
  const recordOf = (id: string) => s.records.findIndex((p) => p.id === id)
  for (const row of s.rows) {
    const heldBy = (record: number) =>
      s.rows.some((r) => r.record === record && r.n < row.n && left.has(r.n))
    if (heldBy(row.record) || row.dependsOn.some((id) => heldBy(recordOf(id))))
      left.set(row.n, 'pending')
    else if (row.poison) left.set(row.n, 'rejected')
  }
  return left
}
