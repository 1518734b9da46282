// Routing from the flow dictionary: a category's screens folder from the entry's remark, the
// paths built from it, and a category the dictionary names no screens for.
import { describe, expect, it } from 'vitest'
import { detailPath, flowRoute, flowRoutes, formPath, handlePath } from './flow-routes'
import { leaveDays } from '@/domain/workflow/leave-days'
import { latestLeave } from './leave-screen'
import { flowDict, leaveProcess, oldLeave, otherProcess } from './test-fixtures'

describe('flow routes', () => {
  const routes = flowRoutes(flowDict)

  it('keys each entry with a remark as flow_<dictKey> and leaves out entries without one', () => {
    expect(routes).toEqual([{ routeKey: 'flow_1', routeValue: 'leave', name: '请假流程' }])
    expect(flowRoute(routes, 'flow_1')).toBe('leave')
    expect(flowRoute(routes, 'flow_9')).toBeUndefined()
    expect(flowRoute(routes, '1')).toBeUndefined()
  })

  it('builds the form, handle and detail paths of a folder, encoding each part', () => {
    expect(formPath('leave', 'Leave:2:2002')).toBe('/work/process/leave/form/Leave%3A2%3A2002')
    expect(
      handlePath('leave', { taskId: '701', processInstanceId: '501', businessId: '901' }),
    ).toBe('/work/process/leave/handle/701/501/901')
    expect(detailPath('leave', { processInstanceId: '501', businessId: '901' })).toBe(
      '/work/process/leave/detail/501/901',
    )
  })

  it('applies with the newest active leave definition', () => {
    expect(latestLeave([oldLeave, otherProcess, leaveProcess])?.id).toBe(leaveProcess.id)
    expect(latestLeave([oldLeave, { ...leaveProcess, suspensionState: 2 }])?.id).toBe(oldLeave.id)
    expect(latestLeave([otherProcess])).toBeUndefined()
  })

  it('counts leave days as inclusive calendar days, as the server stores them, and nothing for a backward range', () => {
    expect(leaveDays('2026-02-10 09:00:00', '2026-02-12 18:00:00')).toBe(3)
    expect(leaveDays('2026-02-10 09:00:00', '2026-02-10 12:00:00')).toBe(1)
    expect(leaveDays('2026-02-28 09:00:00', '2026-03-01 09:00:00')).toBe(2)
    expect(leaveDays('2026-02-10 09:00:00', '2026-02-09 09:00:00')).toBeNull()
    expect(leaveDays('', '2026-02-09 09:00:00')).toBeNull()
  })
})
