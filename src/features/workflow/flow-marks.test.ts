// The diagram's marks and caption: passed steps done, the open one active (also when passed
// before), sequence flows left out of the history a reader sees.
import { describe, expect, it } from 'vitest'
import { currentSteps, flowMarks, readableHistory } from './flow-marks'
import { history, modelView } from './test-fixtures'

describe('flow marks', () => {
  it('marks passed activities done and the one without an end active', () => {
    expect([...flowMarks(modelView.flow)]).toEqual([
      ['start', 'done'],
      ['flow1', 'done'],
      ['approve', 'active'],
    ])
  })

  it('marks an activity waited in again active, whichever order the entries come in', () => {
    const back = [
      { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: '' },
      {
        historyActivityId: 'apply',
        historyActivityType: 'userTask',
        endTime: '2026-02-01 10:00:00',
      },
      {
        historyActivityId: 'approve',
        historyActivityType: 'userTask',
        endTime: '2026-02-02 10:00:00',
      },
    ]
    expect(flowMarks(back).get('apply')).toBe('active')
    expect(flowMarks([...back].reverse()).get('apply')).toBe('active')
    expect(flowMarks(back).get('approve')).toBe('done')
  })

  it('marks nothing active once the process has ended', () => {
    const ended = modelView.flow.map((f) => ({ ...f, endTime: '2026-02-03 10:00:00' }))
    expect([...flowMarks(ended).values()]).toEqual(['done', 'done', 'done'])
  })

  it('names the current steps from the history, and the readable history leaves out sequence flows', () => {
    expect(currentSteps(history)).toEqual(['经理审批'])
    expect(
      currentSteps(history.map((h) => ({ ...h, endTime: h.endTime || '2026-02-03 10:00:00' }))),
    ).toEqual([])
    expect(readableHistory(history).map((h) => h.historyActivityId)).toEqual(['start', 'approve'])
  })
})
