// Trigger times of each time type, in the job's time zone and lifecycle window, and the checks on save.
import { describe, expect, it } from 'vitest'
import {
  checkTiming,
  nextTrigger,
  nextTriggers,
  TIME_API,
  TIME_CRON,
  TIME_FIXED_DELAY,
  TIME_FIXED_RATE,
  TIME_WORKFLOW,
} from './timing.ts'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

describe('job timing', () => {
  it('reads CRON with a seconds field in Asia/Ho_Chi_Minh unless a zone is given', () => {
    const cron = { timeExpressionType: TIME_CRON, timeExpression: '0 0 9 * * *' }
    expect(iso(nextTrigger(cron, at('2026-03-01T00:00:00Z'))!)).toBe('2026-03-01T02:00:00.000Z')
    expect(
      iso(nextTrigger({ ...cron, timeZone: 'Asia/Shanghai' }, at('2026-03-01T00:00:00Z'))!),
    ).toBe('2026-03-01T01:00:00.000Z')
    const every10s = { timeExpressionType: TIME_CRON, timeExpression: '*/10 * * * * *' }
    expect(nextTriggers(every10s, at('2026-03-01T00:00:03Z'), 3).map(iso)).toEqual([
      '2026-03-01T00:00:10.000Z',
      '2026-03-01T00:00:20.000Z',
      '2026-03-01T00:00:30.000Z',
    ])
  })

  it('adds fixed rates and delays in ms; API and workflow jobs have no trigger of their own', () => {
    expect(
      nextTrigger({ timeExpressionType: TIME_FIXED_RATE, timeExpression: '5000' }, 1_000_000),
    ).toBe(1_005_000)
    expect(
      nextTrigger({ timeExpressionType: TIME_FIXED_DELAY, timeExpression: '60000' }, 1_000_000),
    ).toBe(1_060_000)
    expect(nextTrigger({ timeExpressionType: TIME_API, timeExpression: '' }, 1_000_000)).toBeNull()
    expect(
      nextTrigger({ timeExpressionType: TIME_WORKFLOW, timeExpression: '' }, 1_000_000),
    ).toBeNull()
  })

  it('keeps triggers inside the lifecycle window (server time)', () => {
    const start = new Date('2026-03-01T10:00:00').getTime()
    const rate = {
      timeExpressionType: TIME_FIXED_RATE,
      timeExpression: '3600000',
      lifecycle: '2026-03-01 10:00:00,2026-03-01 12:00:00',
    }
    expect(nextTriggers(rate, start - 86_400_000, 10)).toEqual([
      start,
      start + 3_600_000,
      start + 7_200_000,
    ])
    expect(
      nextTrigger({ ...rate, lifecycle: ',2026-03-01 12:00:00' }, start + 7_200_000),
    ).toBeNull()
    const cron = {
      timeExpressionType: TIME_CRON,
      timeExpression: '0 0 * * * *',
      timeZone: 'UTC',
      lifecycle: '2026-03-01 10:30:00,',
    }
    expect(nextTrigger(cron, start - 86_400_000)).toBe(start + 3_600_000)
  })

  it('explains what cannot be scheduled', () => {
    expect(checkTiming({ timeExpressionType: TIME_CRON, timeExpression: '0 0 9 * * *' })).toBeNull()
    expect(checkTiming({ timeExpressionType: TIME_CRON, timeExpression: '61 * * * *' })).toContain(
      'CRON 表达式无效',
    )
    expect(checkTiming({ timeExpressionType: TIME_CRON, timeExpression: '' })).toContain(
      '请填写 CRON 表达式',
    )
    expect(
      checkTiming({
        timeExpressionType: TIME_CRON,
        timeExpression: '* * * * *',
        timeZone: 'Mars/Base',
      }),
    ).toContain('时区无效')
    expect(checkTiming({ timeExpressionType: TIME_FIXED_RATE, timeExpression: '500' })).toContain(
      '毫秒数',
    )
    expect(checkTiming({ timeExpressionType: TIME_FIXED_DELAY, timeExpression: 'abc' })).toContain(
      '毫秒数',
    )
    expect(
      checkTiming({
        timeExpressionType: TIME_API,
        timeExpression: null,
        lifecycle: '2026-03-02 00:00:00,2026-03-01 00:00:00',
      }),
    ).toContain('结束时间须晚于开始时间')
    expect(
      checkTiming({ timeExpressionType: TIME_API, timeExpression: null, lifecycle: 'tomorrow' }),
    ).toContain('生命周期格式')
    expect(checkTiming({ timeExpressionType: 7, timeExpression: null })).toContain(
      '未知的时间表达式类型',
    )
  })
})
