// The shell of a signed-in page with its data: the query client and the persisted query cache
// (docs/offline.md R23) live here rather than around the whole app, so that /login loads neither the
// query library nor Dexie (a light first visit). Queries wait while the user's persisted cache is restored.
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { MainLayout } from '@/shell/layout/main-layout'
import { persistReads, readsRestored } from './offline-start'
import { queryClient } from './query-client'

export function SignedInLayout() {
  // Usually over already: a signed-in start restores before it renders (main.tsx).
  const [restoring, setRestoring] = useState(() => !readsRestored())
  useEffect(() => {
    let live = true
    // The same promise main.tsx started for a signed-in start; a new one after a login on this page.
    void persistReads().then(() => live && setRestoring(false))
    return () => {
      live = false
    }
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>
        <MainLayout />
      </IsRestoringProvider>
    </QueryClientProvider>
  )
}
