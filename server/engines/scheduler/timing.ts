// When a job fires: the time types of PowerJob (API on demand only, CRON with an optional seconds
// field in a time zone, fixed rate and fixed delay in ms) inside the job's lifecycle window. CRON is
// read by croner, never by a parser of ours.
import { Cron } from 'croner'

export const TIME_API = 1
export const TIME_CRON = 2
export const TIME_FIXED_RATE = 3
export const TIME_FIXED_DELAY = 4
export const TIME_WORKFLOW = 5

const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh'
/** Rates and delays below a second would keep the scheduler busy for nothing. */
const MIN_INTERVAL_MS = 1000

export interface Timing {
  timeExpressionType: number
  timeExpression: string | null
  timeZone?: string | null
  /** 'yyyy-MM-dd HH:mm:ss,yyyy-MM-dd HH:mm:ss' in server time; either end may be empty. */
  lifecycle?: string | null
}

export interface Window {
  start: number | null
  end: number | null
}

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

function parseLocal(s: string): number | null {
  const t = s.trim()
  if (!t) return null
  if (!DATETIME.test(t)) return NaN
  const ms = new Date(t.replace(' ', 'T')).getTime()
  return ms
}

/** The lifecycle window, or an error message when it cannot be read. */
export function lifecycleOf(lifecycle: string | null | undefined): Window | string {
  if (!lifecycle || !lifecycle.trim()) return { start: null, end: null }
  const parts = lifecycle.split(',')
  if (parts.length > 2) return '生命周期格式应为 开始时间,结束时间 (yyyy-MM-dd HH:mm:ss)'
  const start = parseLocal(parts[0] ?? '')
  const end = parseLocal(parts[1] ?? '')
  if (Number.isNaN(start) || Number.isNaN(end))
    return '生命周期格式应为 开始时间,结束时间 (yyyy-MM-dd HH:mm:ss)'
  if (start !== null && end !== null && end <= start) return '生命周期的结束时间须晚于开始时间'
  return { start, end }
}

export function inWindow(w: Window, at: number): boolean {
  return (w.start === null || at >= w.start) && (w.end === null || at <= w.end)
}

function cronOf(t: Timing): Cron {
  return new Cron(String(t.timeExpression ?? '').trim(), {
    timezone: t.timeZone || DEFAULT_TIME_ZONE,
    paused: true,
  })
}

function intervalOf(t: Timing): number {
  return Number(String(t.timeExpression ?? '').trim())
}

/** Why the timing cannot be scheduled, in words for the person who typed it; null when it can. */
export function checkTiming(t: Timing): string | null {
  const expr = String(t.timeExpression ?? '').trim()
  switch (t.timeExpressionType) {
    case TIME_API:
    case TIME_WORKFLOW:
      break
    case TIME_CRON: {
      if (!expr) return '请填写 CRON 表达式'
      if (t.timeZone && !validZone(t.timeZone)) return `时区无效: ${t.timeZone}`
      try {
        cronOf(t)
      } catch (e) {
        return `CRON 表达式无效: ${expr} (${e instanceof Error ? e.message : String(e)})`
      }
      break
    }
    case TIME_FIXED_RATE:
    case TIME_FIXED_DELAY: {
      const ms = intervalOf(t)
      if (!/^\d+$/.test(expr) || !Number.isSafeInteger(ms) || ms < MIN_INTERVAL_MS)
        return `时间间隔须为不小于 ${MIN_INTERVAL_MS} 的毫秒数`
      break
    }
    default:
      return `未知的时间表达式类型: ${t.timeExpressionType}`
  }
  const w = lifecycleOf(t.lifecycle)
  return typeof w === 'string' ? w : null
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * The first trigger strictly after `after` (epoch ms), inside the lifecycle window; null when there
 * is none (API and workflow jobs, a window that has ended, a fixed delay, which follows the end of
 * its last run instead: see nextDelay).
 */
export function nextTrigger(t: Timing, after: number): number | null {
  const w = lifecycleOf(t.lifecycle)
  if (typeof w === 'string') return null
  const from = w.start !== null && w.start > after ? w.start - 1 : after
  let next: number | null
  switch (t.timeExpressionType) {
    case TIME_CRON:
      next = cronOf(t).nextRun(new Date(from))?.getTime() ?? null
      break
    case TIME_FIXED_RATE:
      // Rates count from the window's start when there is one, so triggers keep their phase.
      next = w.start !== null && from < w.start ? w.start : from + intervalOf(t)
      break
    case TIME_FIXED_DELAY:
      next = w.start !== null && from < w.start ? w.start : from + intervalOf(t)
      break
    default:
      return null
  }
  if (next === null || (w.end !== null && next > w.end)) return null
  return next
}

/** The next `count` triggers after `after` (the form's preview). A fixed delay assumes instant runs. */
export function nextTriggers(t: Timing, after: number, count: number): number[] {
  const out: number[] = []
  let at = after
  for (let i = 0; i < count; i++) {
    const next = nextTrigger(t, at)
    if (next === null) break
    out.push(next)
    at = next
  }
  return out
}
