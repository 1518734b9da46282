// The one home of user preferences (docs/architecture.md house rule 12): a typed key/value store in IndexedDB
// (Dexie `vn-admin-prefs`, rows keyed [tenantId+userId+key]) so each user of each tenant keeps
// their own column visibility, page size and last filters per screen.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import Dexie, { type EntityTable } from 'dexie'
import { useCallback } from 'react'
import { useSession } from '@/api/session'

/** Preferences of one list screen, under `crud:<entity name>`. */
interface CrudPrefs {
  hiddenColumns?: string[]
  size?: number
  filters?: Record<string, string>
  /** The columns last chosen for an export, by field name. */
  exportColumns?: string[]
}

/** Every preference key and its value type. */
export interface PrefMap {
  [crud: `crud:${string}`]: CrudPrefs
}
export type PrefKey = keyof PrefMap

export interface PrefScope {
  tenantId: string
  userId: string
}

interface PrefRow {
  tenantId: string
  userId: string
  key: string
  value: unknown
  updatedAt: number
}

const db = new Dexie('vn-admin-prefs') as Dexie & { prefs: EntityTable<PrefRow> }
db.version(1).stores({ prefs: '[tenantId+userId+key], [tenantId+userId]' })

export async function getPreference<K extends PrefKey>(
  scope: PrefScope,
  key: K,
): Promise<PrefMap[K] | undefined> {
  const row = await db.prefs.get([scope.tenantId, scope.userId, key])
  return row?.value as PrefMap[K] | undefined
}

export async function setPreference<K extends PrefKey>(
  scope: PrefScope,
  key: K,
  value: PrefMap[K],
): Promise<void> {
  await db.prefs.put({ ...scope, key, value, updatedAt: Date.now() })
}

/** A preference of the signed-in user, and a setter that merges a patch into it. */
export function usePreference<K extends PrefKey>(key: K) {
  const tenantId = useSession((s) => s.tenantId)
  const userId = useSession((s) => s.userInfo.user_id ?? '')
  const client = useQueryClient()
  const queryKey = ['prefs', tenantId, userId, key] as const
  const query = useQuery({
    queryKey,
    queryFn: async () => (await getPreference({ tenantId, userId }, key)) ?? null,
    staleTime: Infinity,
    networkMode: 'always',
  })
  const update = useCallback(
    async (patch: Partial<PrefMap[K]>) => {
      const next = {
        ...(client.getQueryData<PrefMap[K] | null>(['prefs', tenantId, userId, key]) ?? {}),
        ...patch,
      } as PrefMap[K]
      client.setQueryData(['prefs', tenantId, userId, key], next)
      await setPreference({ tenantId, userId }, key, next)
    },
    [client, tenantId, userId, key],
  )
  // An unreadable store (private mode) counts as loaded and empty.
  return { value: query.data ?? undefined, loaded: !query.isPending, update }
}
