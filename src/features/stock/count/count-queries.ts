// The reads of the counting screen. Keys sit under ['crud', entity] so a confirmed outbox row
// refreshes them, and the persisted query cache (docs/offline.md R23) keeps them for a reload offline. Reads are
// silent: offline, the cached answer is shown and a failed refresh is no error for the user.
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/api/http'
import { urlOf, type Page } from '@/crud/entity-api'
import { stockDetail } from '@/domain/stock/stock-detail'
import { stockDetailTotal } from '@/domain/stock/stock-detail-total'
import { stockTaking } from '@/domain/stock/stock-taking'
import type { CountLine } from './count-lines'

export interface CountRecord extends Record<string, unknown> {
  id: string
  checkDate: string
  brandId: string
  stockTotal?: number
  /** 0 counting, 1 finished (stockTaking.countStatus). */
  countStatus?: number
  finishTime?: string
  version?: number
}

/** The lines of one count (at most 500, the server's page cap). */
export const countLinesQuery = (countId: string) =>
  queryOptions({
    queryKey: ['crud', stockDetail.name, 'count-lines', countId] as const,
    queryFn: async () =>
      (
        await http.get<Page<CountLine>>(
          urlOf(stockDetail, 'list'),
          { dmrStockId: countId, current: 1, size: 500 },
          { silent: true },
        )
      )?.records ?? [],
  })

/** The tenant's counts, newest first, with their state and version (the server's picker list). */
export const countsQuery = () =>
  queryOptions({
    queryKey: ['crud', stockTaking.name, 'select', 'count-screen'] as const,
    queryFn: async () =>
      (await http.get<CountRecord[]>(urlOf(stockTaking, 'select'), undefined, { silent: true })) ??
      [],
    // Read again whenever a count screen opens: a count started in the office, or finished on another
    // tablet, shows without waiting for the cache to age (offline the cached list stays).
    staleTime: 0,
  })

/**
 * The SKUs known so far: the distinct skuNo of the stock detail totals. The product list will
 * replace this source when it exists.
 */
export const knownSkusQuery = () =>
  queryOptions({
    queryKey: ['crud', stockDetailTotal.name, 'known-skus'] as const,
    queryFn: async () => {
      const page = await http.get<Page<{ skuNo: string }>>(
        urlOf(stockDetailTotal, 'list'),
        { current: 1, size: 500, ascs: 'skuNo' },
        { silent: true },
      )
      return [...new Set((page?.records ?? []).map((r) => String(r.skuNo)))]
    },
    staleTime: 10 * 60 * 1000,
  })
