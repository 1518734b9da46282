// What the diagram marks and what its caption says, from process/model-view and the history list:
// an activity passed (endTime set) is done, one without endTime is where the process waits now. An
// activity passed before and waited in again (a rejected request back at its first step) is active.
import type { FlowHistoryEntry, FlowModelView } from '@/domain/workflow/flow-records'

export type Mark = 'done' | 'active'

export const MARK_CLASS: Record<Mark, string> = {
  done: 'flow-mark-done',
  active: 'flow-mark-active',
}

export function flowMarks(flow: FlowModelView['flow']): Map<string, Mark> {
  const marks = new Map<string, Mark>()
  for (const f of flow) {
    if (!f.historyActivityId) continue
    if (!f.endTime) marks.set(f.historyActivityId, 'active')
    else if (!marks.has(f.historyActivityId)) marks.set(f.historyActivityId, 'done')
  }
  return marks
}

/** The names of the steps the process waits in now, from the history (the diagram's text alternative). */
export function currentSteps(history: FlowHistoryEntry[]): string[] {
  const names = history
    .filter((h) => !h.endTime && h.historyActivityType !== 'sequenceFlow')
    .map((h) => h.historyActivityName || h.historyActivityId)
  return [...new Set(names)]
}

/** History entries a reader wants: steps and events, not the sequence flows between them. */
export const readableHistory = (history: FlowHistoryEntry[]) =>
  history.filter((h) => h.historyActivityType !== 'sequenceFlow')
