// What no route can store or answer sensibly, refused for every route before its handler: NUL
// characters (PostgreSQL text cannot hold them), JSON nested deeper than any real record, and
// prototype keys (`__proto__`, `constructor.prototype`, refused by the JSON parser itself).
import type { FastifyInstance } from 'fastify'
import { BladeError } from '../core/envelope.ts'

const MAX_DEPTH = 32

/** Iterative, so a deeply nested body cannot overflow the stack while it is checked. */
function inputProblem(value: unknown): string | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }]
  while (stack.length) {
    const { v, depth } = stack.pop()!
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return '请求中不能包含空字符'
      continue
    }
    if (!v || typeof v !== 'object') continue
    if (depth >= MAX_DEPTH) return '请求体嵌套层数过多'
    for (const [k, child] of Object.entries(v)) {
      if (k.includes('\u0000')) return '请求中不能包含空字符'
      stack.push({ v: child, depth: depth + 1 })
    }
  }
  return null
}

export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  // An empty JSON body (ofetch/axios POST with no data) is not an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
    const s = String(text).trim()
    if (!s) return done(null, undefined)
    parseJson(req, s, (err, body) =>
      err ? done(new BladeError(400, '请求体不是有效的 JSON'), undefined) : done(null, body),
    )
  })
  app.addHook('preValidation', async (req) => {
    const problem = inputProblem(req.query) ?? inputProblem(req.params) ?? inputProblem(req.body)
    if (problem) throw new BladeError(400, problem)
  })
}
