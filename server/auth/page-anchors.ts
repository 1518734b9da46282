// Where deep pages of a list begin, so a deep page costs what page 1 costs: for a list (its exact filtered
// query and order), the sort-key values of the row just before an offset. A later read of that page,
// the next one or any page further on seeks past the nearest anchor in the index instead of walking
// every row before it (page 50,000 of a million rows: one index seek, not 500,000 entries).
// Anchors are only as good as the rows they counted: the store lives in the process's AccessCache,
// whose table-change signal (every committed write here; on PostgreSQL, NOTIFY from every process)
// drops a table's anchors, an anchor read while a write committed is not kept, and none outlives
// MAX_AGE_MS even if a change went unseen. Kept beside that cache, below the list engine
// (crud/read.ts, crud/list-query.ts) that reads and fills it.

export interface Anchor {
  /** The row before it is at index offset - 1: rows strictly after it start at `offset`. */
  offset: number
  /** That row's values of the list's order columns (field names). */
  row: Record<string, unknown>
}

interface Entry extends Anchor {
  at: number
}

const MAX_AGE_MS = 10_000
/** Lists remembered per table, and anchors per list, before they start afresh. */
const MAX_LISTS = 200
const MAX_ANCHORS = 1_000

export class PageAnchorStore {
  readonly #tables = new Map<string, Map<string, Entry[]>>()
  readonly #generation = new Map<string, number>()

  /** Changes when the table's anchors are dropped: an anchor read across a change is not kept. */
  generation(table: string): number {
    return this.#generation.get(table) ?? 0
  }

  /** The anchor of this list nearest before `offset` (at most `offset`), if one is known. */
  nearest(table: string, list: string, offset: number): Anchor | undefined {
    const now = Date.now()
    let best: Entry | undefined
    for (const a of this.#tables.get(table)?.get(list) ?? [])
      if (a.offset <= offset && now - a.at < MAX_AGE_MS && (!best || a.offset > best.offset))
        best = a
    return best
  }

  remember(table: string, list: string, generation: number, anchor: Anchor): void {
    if (anchor.offset <= 0 || generation !== this.generation(table)) return
    let lists = this.#tables.get(table)
    if (!lists) this.#tables.set(table, (lists = new Map()))
    if (!lists.has(list) && lists.size >= MAX_LISTS) lists.clear()
    const anchors = (lists.get(list) ?? []).filter((a) => a.offset !== anchor.offset)
    lists.set(list, anchors.length >= MAX_ANCHORS ? [] : anchors)
    lists.get(list)!.push({ ...anchor, at: Date.now() })
  }

  /** Anchors held for a table (tests). */
  count(table: string): number {
    let n = 0
    for (const anchors of this.#tables.get(table)?.values() ?? []) n += anchors.length
    return n
  }

  drop(tables: Iterable<string>): void {
    for (const t of tables) {
      this.#generation.set(t, this.generation(t) + 1)
      this.#tables.delete(t)
    }
  }

  clear(): void {
    this.drop([...this.#tables.keys()])
  }
}
