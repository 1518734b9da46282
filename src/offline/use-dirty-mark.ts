// A form's part in docs/offline.md R25: while it holds unsaved input the update prompt does not reload the page.
import { useEffect, useId } from 'react'
import { markDirty } from './dirty-forms'

/** Registers the calling form as dirty while `isDirty`, and clean again when it unmounts. */
export function useDirtyMark(isDirty: boolean): void {
  const id = useId()
  useEffect(() => {
    markDirty(id, isDirty)
    return () => markDirty(id, false)
  }, [id, isDirty])
}
