// Which engine buttons a screen shows: the server's button code `<prefix>_add|_edit|_delete|_view|
// _export|_import` must be granted, and the declaration's layout must allow the action.
import { useSession } from '@/api/session'
import type { EntityDef } from '@/domain/entity'

export interface CrudPermissions {
  add: boolean
  edit: boolean
  del: boolean
  view: boolean
  export: boolean
  /** Entities with an import spec: `<prefix>_import`. */
  import: boolean
}

export function useCrudPermissions(def: EntityDef): CrudPermissions {
  const granted = useSession((s) => s.permission)
  const layout = def.layout ?? {}
  const has = (action: string) => granted[`${def.permission}_${action}`] === true
  const writable = !layout.readOnly
  return {
    add: writable && layout.add !== false && has('add'),
    edit: writable && layout.edit !== false && has('edit'),
    del: writable && layout.del !== false && has('delete'),
    view: layout.view !== false && has('view'),
    // Whoever may view the records may export them (the server checks the same pair).
    export: layout.export !== false && (has('export') || has('view')),
    import: writable && !!def.import && has('import'),
  }
}
