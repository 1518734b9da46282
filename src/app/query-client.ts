import { QueryClient } from '@tanstack/react-query'
import { QUERY_CACHE_MAX_AGE } from '@/offline/query-persister'

export const queryClient = new QueryClient({
  defaultOptions: {
    // gcTime ≥ the persisted cache's maxAge, or restored queries would be collected (docs/offline.md R23).
    queries: {
      staleTime: 30_000,
      gcTime: QUERY_CACHE_MAX_AGE,
      retry: 1,
      refetchOnWindowFocus: false,
      networkMode: 'offlineFirst',
    },
    mutations: { networkMode: 'offlineFirst' },
  },
})
