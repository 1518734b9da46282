// Forms with unsaved edits, so the update prompt never reloads over them (docs/offline.md R25). Forms register
// under a stable id while dirty; the engine form hooks in with markDirty(id, form.isDirty()).
const dirty = new Set<string>()

/** Marks a form dirty or clean; a form that unmounts should mark itself clean. */
export function markDirty(id: string, isDirty: boolean): void {
  if (isDirty) dirty.add(id)
  else dirty.delete(id)
}

/** True while any registered form has unsaved edits. */
export function anyDirty(): boolean {
  return dirty.size > 0
}
