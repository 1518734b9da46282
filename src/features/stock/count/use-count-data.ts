// The counting screen's data: server reads (cached) merged with the device's outbox (docs/offline.md R24).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { stockDetail } from '@/domain/stock/stock-detail'
import { stockTaking } from '@/domain/stock/stock-taking'
import type { OutboxRow } from '@/offline/db'
import { mergePending, type WithPending } from '@/offline/merge-pending'
import { usePendingFor } from '@/offline/outbox'
import { onSynced } from '@/offline/sync-engine'
import {
  mergeLines,
  rowsOfCount,
  totalsOf,
  type CountLine,
  type ShownLine,
  type CountTotals,
} from './count-lines'
import { countLinesQuery, countsQuery, knownSkusQuery, type CountRecord } from './count-queries'

export interface CountLines {
  lines: ShownLine[]
  totals: CountTotals
  /** Lines of this count still waiting in the outbox. */
  queued: number
  /** Writes of this count's lines the server refused (kept in the outbox for the user). */
  rejected: OutboxRow[]
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
          if (row.op === 'remove' || !record || String(record.dmrStockId) !== countId)
            return row.op === 'remove' ? others : old
          return [record as CountLine, ...others]
        })
      }),
    [client, countId],
  )
  const result = useMemo(() => {
    const lines = mergeLines(countId, server.data ?? [], rows)
    const own = rowsOfCount(countId, rows, new Set((server.data ?? []).map((l) => String(l.id))))
    const rejected = own.filter((r) => r.state === 'rejected')
    return {
      lines,
      totals: totalsOf(lines),
      queued: own.length,
      rejected,
      loading: server.isPending && server.fetchStatus === 'fetching',
    }
  }, [countId, server.data, server.isPending, server.fetchStatus, rows])
  // A refused line most often means the count was finished on another device: read the counts
  // again so this screen shows it finished.
  const refused = result.rejected.length
  useEffect(() => {
    if (refused > 0) void client.invalidateQueries({ queryKey: countsQuery().queryKey })
  }, [client, refused])
  return result
}

export interface Counts {
  /** Server counts with this device's queued writes applied, newest first. */
  counts: WithPending<CountRecord>[]
  /** The server's counts as last read (cached), without this device's queued writes. */
  server: CountRecord[]
  loading: boolean
}

/** Counts from the server and those started on this device, newest first. */
export function useCounts(): Counts {
  const server = useQuery(countsQuery())
  const rows = usePendingFor(stockTaking.name)
  const client = useQueryClient()
  // A confirmed finish or reopen leaves the outbox before the refetch answers: take the server's
  // record at once, so the count does not flip back to its old state in between.
  useEffect(
    () =>
      onSynced((row, record) => {
        if (row.entity !== stockTaking.name || !record) return
        client.setQueryData(countsQuery().queryKey, (old) => {
          if (!old) return old
          const next = { ...(record as CountRecord), id: String(record.id ?? row.clientId) }
          return old.some((c) => String(c.id) === next.id)
            ? old.map((c) => (String(c.id) === next.id ? { ...c, ...next } : c))
            : [next, ...old]
        })
      }),
    [client],
  )
  const counts = useMemo(
    () => mergePending(server.data ?? [], rows) as WithPending<CountRecord>[],
    [server.data, rows],
  )
  return {
    counts,
    server: server.data ?? [],
    loading: server.isPending && server.fetchStatus === 'fetching',
  }
}

export function useKnownSkus(): string[] {
  return useQuery(knownSkusQuery()).data ?? []
}
