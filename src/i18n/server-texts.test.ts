// Every literal message the server throws (badRequest, forbidden, notFound, unauthorized, BladeError,
// fail, MSG_ constants, default messages) or gives an import row ({ error }) is in the English catalog, so that an English session shows
// it in English (localMessage). A new server message fails here until it is added to server-texts.ts
// (or quoted by the app) and translated.
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { expect, it } from 'vitest'
import { messages as en } from '../locales/en/messages'
import { localMessage } from './server-message'
import { activateLocale } from './'

const sources = import.meta.glob<string>(
  ['../../server/**/*.ts', '!../../server/**/*.test.ts', '!../../server/seed/**'],
  { query: '?raw', import: 'default', eager: true },
)
const THROWN = [
  /\b(?:badRequest|forbidden|notFound|unauthorized)\(\s*'([^'\n]*)'/g,
  /new BladeError\(\s*\d+,\s*'([^'\n]*)'/g,
  /\bfail\(\s*\d+,\s*'([^'\n]*)'/g,
  /\bMSG_[A-Z_]+\s*=\s*'([^'\n]*)'/g,
  /\bmsg = '([^'\n]*)'/g,
]

/** An import row's error ({ error: '…' }, or a choice of two): every literal in it. */
const ROW_ERROR = /\{ error: ([^}\n]*)\}/g

function serverMessages(): string[] {
  const found = new Set<string>()
  const add = (text: string) => /[\u4e00-\u9fff]/.test(text) && found.add(text)
  for (const text of Object.values(sources)) {
    for (const pattern of THROWN) for (const m of text.matchAll(pattern)) add(m[1]!)
    for (const m of text.matchAll(ROW_ERROR))
      for (const literal of m[1]!.matchAll(/'([^'\n]*)'/g)) add(literal[1]!)
  }
  return [...found]
}

it('finds the server messages (the scan reads server/)', () => {
  expect(Object.keys(sources).length).toBeGreaterThan(100)
  expect(serverMessages()).toEqual(
    expect.arrayContaining([
      '数据不存在或已被删除',
      '请至少选择一条数据',
      '请求未授权',
      '不是有效的整数',
    ]),
  )
})

it('has every literal server message in the English catalog', () => {
  expect(serverMessages().filter((text) => !en[generateMessageId(text)])).toEqual([])
})

it('shows a server message in English in an English session', async () => {
  await activateLocale('en')
  try {
    expect(localMessage('数据已被他人修改，请刷新后重试')).toBe(
      'Someone else changed this record; refresh and try again',
    )
    // An import row's error quotes its cell after ": "; an unknown message stays as written.
    expect(localMessage('不是有效的数字: two')).toBe('Not a valid number: two')
    expect(localMessage('请求参数格式错误: id; 未知的消息: x')).toBe(
      'Malformed request parameter: id; 未知的消息: x',
    )
  } finally {
    await activateLocale('zh')
  }
})
