// The tablet counting screen (/stock/count, optional ?id= of a count): start or resume a count,
// then count it. Works offline (docs/offline.md): reads come from the persisted cache, writes go to
// the outbox.
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { countIdOf } from './count-id'
import { CountSession } from './count-session'
import { CountStart } from './count-start'
import { prefetchProductSkus } from './product-skus'

export default function CountScreen() {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr })
  const navigate = useNavigate()
  const client = useQueryClient()
  // Online, the product list is read as the screen opens, so SKU suggestions work offline later.
  useEffect(() => void prefetchProductSkus(client), [client])
  const countId = countIdOf(searchStr)
  // A string id is written quoted (JSON), so it comes back whole (see count-id.ts).
  const go = (id: string | null) => void navigate({ to: '.', search: (id ? { id } : {}) as never })
  return countId ? (
    <CountSession key={countId} countId={countId} onLeave={() => go(null)} />
  ) : (
    <CountStart onOpen={go} />
  )
}
