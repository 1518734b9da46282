// The counting screen's data: server reads (cached) merged with the device's outbox (R24).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { stockDetail } from '@/domain/stock/stock-detail'
import { stockTaking } from '@/domain/stock/stock-taking'
import { mergePending, type WithPending } from '@/offline/merge-pending'
import { usePendingFor } from '@/offline/outbox'
import { onSynced } from '@/offline/sync-engine'
import { mergeLines, rowsOfCount, totalsOf, type CountLine, type ShownLine, type CountTotals } from './count-lines'
import { countLinesQuery, countsQuery, knownSkusQuery, type CountRecord } from './count-queries'
import { finishedCounts } from './finished-counts'

export interface CountLines {
  lines: ShownLine[]
  totals: CountTotals
  /** Lines of this count still waiting in the outbox. */
  queued: number
  loading: boolean
}

export function useCountLines(countId: string): CountLines {
  const server = useQuery(countLinesQuery(countId))
  const rows = usePendingFor(stockDetail.name)
  const client = useQueryClient()
  // A confirmed line leaves the outbox before the refetch answers: put the server's record in the
  // cached lines at once, so the totals do not dip in between.
  useEffect(
    () =>
      onSynced((row, record) => {
        if (row.entity !== stockDetail.name) return
        client.setQueryData(countLinesQuery(countId).queryKey, (old) => {
          const others = (old ?? []).filter((l) => String(l.id) !== row.clientId)
          if (row.op === 'remove' || !record || String(record.dmrStockId) !== countId) return row.op === 'remove' ? others : old
          return [record as CountLine, ...others]
        })
      }),
    [client, countId],
  )
  return useMemo(() => {
    const lines = mergeLines(countId, server.data ?? [], rows)
    const queued = rowsOfCount(countId, rows, new Set((server.data ?? []).map((l) => String(l.id)))).length
    return { lines, totals: totalsOf(lines), queued, loading: server.isPending && server.fetchStatus === 'fetching' }
  }, [countId, server.data, server.isPending, server.fetchStatus, rows])
}

/** Counts from the server and those started on this device, newest first. */
export function useCounts(): { counts: WithPending<CountRecord>[]; loading: boolean } {
  const server = useQuery(countsQuery())
  const rows = usePendingFor(stockTaking.name)
  const counts = useMemo(() => mergePending(server.data ?? [], rows) as WithPending<CountRecord>[], [server.data, rows])
  return { counts, loading: server.isPending && server.fetchStatus === 'fetching' }
}

/** Counts not finished on this device. */
export function useOpenCounts(): { counts: WithPending<CountRecord>[]; loading: boolean } {
  const { counts, loading } = useCounts()
  const finished = finishedCounts()
  return { counts: counts.filter((c) => !finished.has(String(c.id))), loading }
}

export function useKnownSkus(): string[] {
  return useQuery(knownSkusQuery()).data ?? []
}
