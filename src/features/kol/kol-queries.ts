// The phone's reads: every KOL and every quotation of the tenant (up to the server's page cap of
// 500), kept by the persisted query cache so search works offline by filtering them here. Keys sit
// under ['crud', entity] so a confirmed outbox row refreshes them.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { http } from '@/api/http'
import { urlOf, type Page } from '@/crud/entity-api'
import { cooperateInfo } from '@/domain/kol/cooperate-info'
import { kolFile } from '@/domain/kol/kol-file'
import { kolFollowUp } from '@/domain/kol/kol-follow-up'
import { mergePending, type WithPending } from '@/offline/merge-pending'
import { usePendingFor } from '@/offline/outbox'
import { onSynced } from '@/offline/sync-engine'
import { overlayKols, type Kol } from './kol-overlay'

const all = (def: typeof kolFile | typeof cooperateInfo, key: string) =>
  queryOptions({
    queryKey: ['crud', def.name, 'all', key] as const,
    queryFn: async () =>
      (await http.get<Page<Kol>>(urlOf(def, 'list'), { current: 1, size: 500 }, { silent: true }))
        ?.records ?? [],
  })

const allKolsQuery = () => all(kolFile, 'follow-up')
const allQuotesQuery = () => all(cooperateInfo, 'follow-up')

export function useKols(): { kols: WithPending<Kol>[]; loading: boolean; failed: boolean } {
  useKolRefreshOnFollowUp()
  const q = useQuery(allKolsQuery())
  const kolRows = usePendingFor(kolFile.name)
  const followUps = usePendingFor(kolFollowUp.name)
  const kols = useMemo(
    () => overlayKols(q.data ?? [], kolRows, followUps),
    [q.data, kolRows, followUps],
  )
  return {
    kols,
    loading: q.isPending && q.fetchStatus === 'fetching',
    failed: q.isError && !q.data,
  }
}

/** The quotations of one KOL with the device's pending rounds applied, newest first. */
export function useQuotes(kolId: string): WithPending<Kol>[] {
  const q = useQuery(allQuotesQuery())
  const rows = usePendingFor(cooperateInfo.name)
  return useMemo(
    () => mergePending(q.data ?? [], rows).filter((r) => String(r.kolId) === kolId),
    [q.data, rows, kolId],
  )
}

/** A confirmed follow-up changed its KOL on the server: KOL reads refetch (the app refreshes only the follow-ups' own). */
export function useKolRefreshOnFollowUp(): void {
  const client = useQueryClient()
  useEffect(
    () =>
      onSynced(
        (row) =>
          row.entity === kolFollowUp.name &&
          void client.invalidateQueries({ queryKey: ['crud', kolFile.name] }),
      ),
    [client],
  )
}
