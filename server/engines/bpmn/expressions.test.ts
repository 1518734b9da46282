// The expression syntax processes may use (Flowable's JUEL spelling), and what it refuses.
import { expect, it } from 'vitest'
import { checkExpressions, evaluate, ExpressionError } from './expressions.ts'

const vars = { pass: true, flag: 'ok', days: 3, taskUser: '42', user: { dept: 'ops' }, blank: '' }

it('answer a whole expression’s value and fill expressions into text', () => {
  expect(evaluate('${taskUser}', vars)).toBe('42')
  expect(evaluate('${missing}', vars)).toBeUndefined()
  expect(evaluate('${user.dept}', vars)).toBe('ops')
  expect(evaluate('u-${taskUser}-${missing}', vars)).toBe('u-42-')
  expect(evaluate('administrator', vars)).toBe('administrator')
})

it('compare, negate and combine the way JUEL does', () => {
  const is = (e: string) => evaluate(`\${${e}}`, vars)
  expect([is('pass'), is('!pass'), is('not pass')]).toEqual([true, false, false])
  expect([is("flag == 'ok'"), is('flag eq "ok"'), is("flag != 'ok'"), is("flag ne 'no'")]).toEqual([
    true,
    true,
    false,
    true,
  ])
  expect([
    is('days > 2'),
    is('days gt 3'),
    is('days <= 3'),
    is("days == '3'"),
    is('days lt 1'),
  ]).toEqual([true, false, true, true, false])
  expect([
    is("pass && flag == 'ok'"),
    is('pass and days > 5'),
    is('!pass || days >= 3'),
    is('(pass or false) and !(days < 1)'),
  ]).toEqual([true, false, true, true])
  expect([
    is('empty blank'),
    is('empty taskUser'),
    is('empty missing'),
    is("pass == 'true'"),
    is('null == missing'),
  ]).toEqual([true, false, true, true, true])
})

it('refuse what is not an expression it can evaluate (no calls, no scripts)', () => {
  for (const bad of [
    '${pass ==}',
    '${process.exit(1)}',
    "${'open}",
    '${a[0]}',
    '${(pass}',
    '${a = 1}',
  ])
    expect(() => checkExpressions(bad), bad).toThrow(ExpressionError)
  expect(() => checkExpressions('${pass} and ${flag == "ok"}')).not.toThrow()
})
