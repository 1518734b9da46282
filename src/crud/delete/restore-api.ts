// Undo of a delete: POST {api}/restore?ids=a,b brings back the soft-deleted rows (the mirror of remove).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/api/http'
import { canRestore, type EntityDef } from '@/domain/entity'
import { urlOf } from '../entity-api'
import { refreshAfterWrite } from '../refresh'

/** Its deletes can be undone: soft-deleted rows of the generic endpoints, removed by id. */
export function undoable(def: EntityDef): boolean {
  return canRestore(def) && !def.key
}

export function useRestore(def: EntityDef) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) =>
      request<unknown>(urlOf(def, 'restore'), { method: 'POST', query: { ids: ids.join(',') } }),
    onSettled: () => refreshAfterWrite(client, def.name),
  })
}
