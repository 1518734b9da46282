// The phone's KOL list, due and overdue first: the generic list endpoint read in two runs, the KOLs
// with a response deadline (oldest first, so overdue, then due today, then later ones) and then
// those without (newest first). Two runs because SQLite and PostgreSQL put NULLs at opposite ends
// of an ascending sort. Pages come from entityQueries, so the persisted query cache keeps them for
// offline use; their keys hold no date, so yesterday's cache still answers today.
import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { entityQueries, type ListParams, type Page } from '@/crud/entity-api'
import { kolFile } from '@/domain/kol/kol-file'
import { kolFollowUp } from '@/domain/kol/kol-follow-up'
import type { WithPending } from '@/offline/merge-pending'
import { usePendingFor } from '@/offline/outbox'
import { overlayKols, type Kol } from './kol-overlay'

const KOL_PAGE_SIZE = 20

/** The list parameters of page `current` of each run. */
const WITH_DEADLINE = (current: number): ListParams => ({
  current,
  size: KOL_PAGE_SIZE,
  responseDeadline_notnull: '1',
  ascs: 'responseDeadline',
})
const WITHOUT_DEADLINE = (current: number): ListParams => ({
  current,
  size: KOL_PAGE_SIZE,
  responseDeadline_null: '1',
  descs: 'createTime',
})

const queries = entityQueries(kolFile)
const hasMore = (page: Page | undefined, current: number) => !!page && current < page.pages

export interface KolPages {
  kols: WithPending<Kol>[]
  /** The first page is still on its way and nothing is cached. */
  loading: boolean
  /** A page could not be read and nothing is cached for it. */
  failed: boolean
  /** Another page can be asked for. */
  more: boolean
  loadMore: () => void
}

export function useKolPages(): KolPages {
  const [dated, setDated] = useState(1)
  const [undated, setUndated] = useState(1)
  const datedPages = useQueries({
    queries: Array.from({ length: dated }, (_, i) => queries.list(WITH_DEADLINE(i + 1))),
  })
  const lastDated = datedPages[dated - 1]
  // The second run starts once the first has shown its last page.
  const datedDone = !!lastDated?.data && !hasMore(lastDated.data, dated)
  const undatedPages = useQueries({
    queries: datedDone
      ? Array.from({ length: undated }, (_, i) => queries.list(WITHOUT_DEADLINE(i + 1)))
      : [],
  })
  const kolRows = usePendingFor(kolFile.name)
  const followUps = usePendingFor(kolFollowUp.name)
  const pages = [...datedPages, ...undatedPages]
  const records = pages.flatMap((p) => (p.data?.records ?? []) as Kol[])
  const kols = overlayKols(records, kolRows, followUps)
  const last = pages[pages.length - 1]
  const more = datedDone
    ? hasMore(undatedPages[undated - 1]?.data, undated)
    : hasMore(lastDated?.data, dated)
  return {
    kols,
    loading: pages.some((p) => p.isPending && p.fetchStatus === 'fetching'),
    failed: pages.some((p) => p.isError && !p.data),
    more: more && !!last?.data,
    loadMore: () => (datedDone ? setUndated((n) => n + 1) : setDated((n) => n + 1)),
  }
}
