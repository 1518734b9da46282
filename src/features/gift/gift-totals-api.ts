// The gift totals calls (GET /api/giftdetail/giftDetail/<grouping>): a page of groups with the
// range's totals row (data.summary). Keys live under ['crud', name] like the engine's lists.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { http } from '@/api/http'
import { config } from '@/config'
import type { ListParams, Page, Row } from '@/crud/entity-api'
import type { GiftTotalsDef } from '@/domain/gift/gift-totals'

export interface GiftTotalsPage extends Page {
  summary?: Record<string, number>
}

export function useGiftTotals(def: GiftTotalsDef, params: ListParams, enabled = true) {
  return useQuery({
    queryKey: ['crud', def.name, 'totals', params] as const,
    queryFn: async () =>
      (await http.get<GiftTotalsPage>(`${config.apiPrefix}${def.api}`, params)) ?? {
        records: [] as Row[],
        total: 0,
        size: 10,
        current: 1,
        pages: 0,
      },
    placeholderData: keepPreviousData,
    enabled,
  })
}
