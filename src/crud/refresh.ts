// What a write refreshes. The written entity's queries refetch at once (the list on screen shows the
// change). Every other business answer is only marked stale and refetches when next shown: a summary,
// total, order lines view or home card may count the written row. This covers the TK monthly summary
// after a TK order, the salary summary after a salary, and the gift totals after a gift. Marked in the
// persisted cache too, so a reload within the 30 s staleTime no longer shows the old figures.
import type { QueryClient } from '@tanstack/react-query'

/** The query roots of business data (entity lists and details, totals, the order lines view, home cards). */
const BUSINESS_ROOTS = [['crud'], ['order'], ['desk', 'dashboard']] as const

/** Writes that change the shell's own answers: menus and top menus rebuild the sidebar and the routes. */
const SHELL_ROOTS: Record<string, readonly string[]> = {
  menu: ['system', 'menu'],
  topmenu: ['system', 'menu'],
}

export function refreshAfterWrite(client: QueryClient, entity: string): Promise<void> {
  for (const queryKey of BUSINESS_ROOTS)
    void client.invalidateQueries({ queryKey, refetchType: 'none' })
  const shell = SHELL_ROOTS[entity]
  if (shell) void client.invalidateQueries({ queryKey: shell })
  return client.invalidateQueries({ queryKey: ['crud', entity] })
}
