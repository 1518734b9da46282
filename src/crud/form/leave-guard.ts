// The forms on screen that hold unsaved input, each with its own "discard changes?" question. Whoever
// is about to drop the screen (closing its tab, closing all tabs) asks them all first.
type Ask = () => Promise<boolean>

const askers = new Set<Ask>()

/** Registers a dirty form's question; the returned function removes it. */
export function addLeaveGuard(ask: Ask): () => void {
  askers.add(ask)
  return () => askers.delete(ask)
}

/** True while some form on screen holds unsaved input. */
export function hasLeaveGuards(): boolean {
  return askers.size > 0
}

/** Asks every dirty form in turn; true when the user agreed to drop them all (at once when none is dirty). */
export async function confirmLeave(): Promise<boolean> {
  for (const ask of [...askers]) if (!(await ask())) return false
  return true
}
