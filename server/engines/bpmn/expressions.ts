// The expressions a process may use, in Flowable's (JUEL) spelling: `${name}`, `${a.b}`, literals
// ('x', "x", 1.5, true, false, null), `!`/not, ==/eq, !=/ne, < > <= >= (lt gt le ge), &&/and, ||/or,
// `empty x`, and parentheses. A whole `${...}` answers its value; text around `${...}` answers
// text. Nothing else runs: no method calls, no scripts. Unknown names are undefined (false).

type Value = unknown
type Tok = { t: 'id' | 'num' | 'str' | 'op'; v: string }

export class ExpressionError extends Error {}

const OPS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '.']
const WORD_OPS: Record<string, string> = {
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  and: '&&',
  or: '||',
  not: '!',
}

function tokens(src: string): Tok[] {
  const out: Tok[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]!
    if (/\s/.test(c)) i++
    else if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1)
      if (end < 0) throw new ExpressionError(`未闭合的字符串: ${src}`)
      out.push({ t: 'str', v: src.slice(i + 1, end) })
      i = end + 1
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i))!
      out.push({ t: 'num', v: m[0] })
      i += m[0].length
    } else if (/[A-Za-z_$\u4e00-\u9fff]/.test(c)) {
      const m = /^[A-Za-z_$0-9\u4e00-\u9fff]+/.exec(src.slice(i))!
      const w = m[0]
      out.push(
        WORD_OPS[w]
          ? { t: 'op', v: WORD_OPS[w] }
          : w === 'empty'
            ? { t: 'op', v: 'empty' }
            : { t: 'id', v: w },
      )
      i += w.length
    } else {
      const op = OPS.find((o) => src.startsWith(o, i))
      if (!op) throw new ExpressionError(`表达式无法识别: ${src}`)
      out.push({ t: 'op', v: op })
      i += op.length
    }
  }
  return out
}

/** Parses one expression body (what stands between `${` and `}`) into an evaluator. */
function compile(src: string): (vars: Record<string, Value>) => Value {
  const ts = tokens(src)
  let p = 0
  const peek = (v: string) => ts[p]?.t === 'op' && ts[p]!.v === v
  const take = (v: string) => (peek(v) ? (p++, true) : false)
  type Node = (vars: Record<string, Value>) => Value
  const primary = (): Node => {
    const tok = ts[p++]
    if (!tok) throw new ExpressionError(`表达式不完整: ${src}`)
    if (tok.t === 'num') return () => Number(tok.v)
    if (tok.t === 'str') return () => tok.v
    if (tok.t === 'op' && tok.v === '(') {
      const inner = or()
      if (!take(')')) throw new ExpressionError(`缺少右括号: ${src}`)
      return inner
    }
    if (tok.t !== 'id') throw new ExpressionError(`表达式无法识别: ${src}`)
    if (tok.v === 'true') return () => true
    if (tok.v === 'false') return () => false
    if (tok.v === 'null') return () => null
    const path = [tok.v]
    while (take('.')) {
      const next = ts[p++]
      if (next?.t !== 'id') throw new ExpressionError(`表达式无法识别: ${src}`)
      path.push(next.v)
    }
    return (vars) =>
      path.reduce<Value>(
        (o, k) =>
          o !== null && typeof o === 'object' && Object.hasOwn(o, k)
            ? (o as Record<string, Value>)[k]
            : undefined,
        vars,
      )
  }
  const unary = (): Node => {
    if (take('!')) {
      const x = unary()
      return (v) => !x(v)
    }
    if (take('empty')) {
      const x = unary()
      return (v) => {
        const r = x(v)
        return r === null || r === undefined || r === '' || (Array.isArray(r) && r.length === 0)
      }
    }
    return primary()
  }
  const compare = (): Node => {
    let left = unary()
    for (;;) {
      const op = ['==', '!=', '<=', '>=', '<', '>'].find((o) => peek(o))
      if (!op) return left
      p++
      const a = left
      const b = unary()
      left = (v) => compareValues(op, a(v), b(v))
    }
  }
  const and = (): Node => {
    let left = compare()
    while (take('&&')) {
      const a = left
      const b = compare()
      left = (v) => Boolean(a(v)) && Boolean(b(v))
    }
    return left
  }
  const or = (): Node => {
    let left = and()
    while (take('||')) {
      const a = left
      const b = and()
      left = (v) => Boolean(a(v)) || Boolean(b(v))
    }
    return left
  }
  const root = or()
  if (p !== ts.length) throw new ExpressionError(`表达式无法识别: ${src}`)
  return root
}

function compareValues(op: string, a: Value, b: Value): boolean {
  // JUEL compares a number with a numeric string as numbers, and a boolean with 'true'/'false'.
  const num = (x: Value) =>
    typeof x === 'number'
      ? x
      : typeof x === 'string' && x.trim() !== '' && !Number.isNaN(Number(x))
        ? Number(x)
        : null
  const na = num(a)
  const nb = num(b)
  const bothNum = na !== null && nb !== null && (typeof a === 'number' || typeof b === 'number')
  const x = bothNum ? na : typeof a === 'boolean' && typeof b === 'string' ? String(a) : a
  const y = bothNum ? nb : typeof b === 'boolean' && typeof a === 'string' ? String(b) : b
  switch (op) {
    case '==':
      return (x ?? null) === (y ?? null)
    case '!=':
      return (x ?? null) !== (y ?? null)
    default: {
      if (x === null || x === undefined || y === null || y === undefined) return false
      const [l, r] = [x as number | string, y as number | string]
      return op === '<' ? l < r : op === '>' ? l > r : op === '<=' ? l <= r : l >= r
    }
  }
}

const WHOLE = /^\$\{([\s\S]+)\}$/
const PART = /\$\{([^}]+)\}/g

/** Every `${...}` in the text compiles (a model is checked with this before it is deployed). */
export function checkExpressions(text: string): void {
  for (const m of text.matchAll(PART)) compile(m[1]!)
}

/** The value of a text with expressions: a whole `${...}` answers its value, else the text filled in. */
export function evaluate(text: string, vars: Record<string, Value>): Value {
  const whole = WHOLE.exec(text.trim())
  if (whole && !whole[1]!.includes('${')) return compile(whole[1]!)(vars)
  return text.replace(PART, (_, body: string) => {
    const v = compile(body)(vars)
    return v === undefined || v === null ? '' : String(v)
  })
}

/** bpmn-engine's expression handler, over the process variables. */
export const flowExpressions = {
  isExpression: (text: unknown) => typeof text === 'string' && WHOLE.test(text.trim()),
  hasExpression: (text: unknown) => typeof text === 'string' && text.includes('${'),
  resolveExpression: (
    text: string,
    context: { environment?: { variables?: Record<string, Value> } },
  ) => evaluate(text, context.environment?.variables ?? {}),
}
