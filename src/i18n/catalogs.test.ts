// Keeps the English catalog complete: every message of the Chinese source catalog needs a non-empty
// English translation that keeps the message's ICU arguments and rich-text tags (<0>…</0>).
// `?raw` reads the .po text as is (the Lingui Vite plugin only compiles ids ending in .po).
import { describe, expect, it } from 'vitest'
import enPo from '../locales/en/messages.po?raw'
import zhPo from '../locales/zh/messages.po?raw'

/** msgid (prefixed by msgctxt + \u0004 when there is one) → msgstr; header and obsolete (#~) entries are skipped. */
function parsePo(text: string): Map<string, string> {
  const out = new Map<string, string>()
  let ctxt: string | undefined
  let id: string | undefined
  let str: string | undefined
  let field: 'ctxt' | 'id' | 'str' | 'other' = 'other'
  const flush = () => {
    if (id) out.set(ctxt === undefined ? id : `${ctxt}\u0004${id}`, str ?? '')
    ctxt = id = str = undefined
  }
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const m = /^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(.*)"$/.exec(line)
    if (m) {
      const [, key, value] = m
      if (key === 'msgctxt' || (key === 'msgid' && field !== 'ctxt')) flush()
      const v = unescape(value)
      if (key === 'msgctxt') [field, ctxt] = ['ctxt', v]
      else if (key === 'msgid') [field, id] = ['id', v]
      else if (key === 'msgstr' || key === 'msgstr[0]') [field, str] = ['str', v]
      else field = 'other'
    } else if (line.startsWith('"') && line.endsWith('"')) {
      const v = unescape(line.slice(1, -1))
      if (field === 'ctxt') ctxt += v
      else if (field === 'id') id += v
      else if (field === 'str') str += v
    }
  }
  flush()
  return out
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c)
}

/** ICU argument names ({name}, {count, plural, …}, also inside plural/select branches) and JSX tags. */
function placeholders(message: string): string[] {
  const found = new Set<string>()
  let i = 0
  // Reads message text up to the `}` closing a branch (or the end); ICU quoting: '' and '{…}'.
  const text = (nested: boolean): void => {
    while (i < message.length) {
      const c = message[i]
      if (c === "'" && message[i + 1] === "'") i += 2
      else if (c === "'" && /[{}#]/.test(message[i + 1] ?? '')) {
        const end = message.indexOf("'", i + 1)
        i = end < 0 ? message.length : end + 1
      } else if (c === '{') {
        i++
        argument()
      } else if (c === '}' && nested) return
      else i++
    }
  }
  const argument = (): void => {
    const name = /^\s*([^,}\s]+)\s*/.exec(message.slice(i))
    if (!name) return
    found.add(`{${name[1]}}`)
    i += name[0].length
    if (message[i] !== ',') {
      i++
      return
    }
    const type = /^,\s*(\w+)\s*/.exec(message.slice(i))
    i += type ? type[0].length : 1
    if (type && ['plural', 'select', 'selectordinal'].includes(type[1]) && message[i] === ',') {
      i++
      for (;;) {
        const key = /^\s*([^\s{}]+)\s*/.exec(message.slice(i))
        if (key) i += key[0].length
        if (message[i] !== '{') break
        i++
        text(true)
        i++
      }
      while (i < message.length && message[i] !== '}') i++
      i++
    } else {
      for (let depth = 1; i < message.length && depth > 0; i++)
        depth += message[i] === '{' ? 1 : message[i] === '}' ? -1 : 0
    }
  }
  text(false)
  for (const tag of message.matchAll(/<\/?\d+\s*\/?>/g)) found.add(tag[0].replace(/\s/g, ''))
  return [...found].sort()
}

/** One line per problem: missing or empty translations, and translations whose placeholders differ. */
function catalogProblems(source: Map<string, string>, target: Map<string, string>): string[] {
  const problems: string[] = []
  for (const id of source.keys()) {
    const str = target.get(id)
    if (str === undefined) problems.push(`missing: ${id}`)
    else if (str.trim() === '') problems.push(`empty: ${id}`)
    else {
      const want = placeholders(id)
      const got = placeholders(str)
      const dropped = want.filter((p) => !got.includes(p))
      const added = got.filter((p) => !want.includes(p))
      if (dropped.length || added.length)
        problems.push(
          `placeholders: ${id} → ${str} (dropped ${dropped.join(' ') || '-'}, added ${added.join(' ') || '-'})`,
        )
    }
  }
  return problems
}

describe('the checker', () => {
  it('reads entries, contexts and continued lines, and skips the header and obsolete entries', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: en\\n"',
      '',
      '#: a.ts:1',
      'msgid "保存"',
      'msgstr "Save"',
      '',
      'msgctxt "pager"',
      'msgid "首页"',
      'msgstr "First"',
      '',
      'msgid ""',
      '"长"',
      '"文本"',
      'msgstr ""',
      '"Long "',
      '"\\"text\\""',
      '',
      '#~ msgid "旧"',
      '#~ msgstr ""',
    ].join('\n')
    expect([...parsePo(po)]).toEqual([
      ['保存', 'Save'],
      ['pager\u0004首页', 'First'],
      ['长文本', 'Long "text"'],
    ])
  })

  it('finds arguments, plural and select arguments with their branches, and tags', () => {
    expect(placeholders('共 {total} 条')).toEqual(['{total}'])
    expect(placeholders('{count, plural, one {# 行 {name}} other {# 行}}')).toEqual([
      '{count}',
      '{name}',
    ])
    expect(placeholders("{n, number} '{literal}' {g, select, male {他} other {她}}")).toEqual([
      '{g}',
      '{n}',
    ])
    expect(placeholders('点击<0>这里</0>，或<1/>')).toEqual(['</0>', '<0>', '<1/>'])
    expect(placeholders('没有占位符')).toEqual([])
  })

  it('reports missing, empty and placeholder-changing translations', () => {
    const zh = new Map([
      ['保存', '保存'],
      ['删除', '删除'],
      ['{label}不能大于{max}', ''],
      ['共 {total} 条', ''],
      ['<0>帮助</0>', ''],
      ['好', ''],
    ])
    const en = new Map([
      ['删除', ' '],
      ['{label}不能大于{max}', '{label} cannot exceed {maximum}'],
      ['共 {total} 条', 'Total {total} of {n}'],
      ['<0>帮助</0>', 'Help'],
      ['好', 'OK'],
    ])
    expect(catalogProblems(zh, en)).toEqual([
      'missing: 保存',
      'empty: 删除',
      'placeholders: {label}不能大于{max} → {label} cannot exceed {maximum} (dropped {max}, added {maximum})',
      'placeholders: 共 {total} 条 → Total {total} of {n} (dropped -, added {n})',
      'placeholders: <0>帮助</0> → Help (dropped </0> <0>, added -)',
    ])
  })
})

describe('the catalogs', () => {
  const zh = parsePo(zhPo)
  const en = parsePo(enPo)

  it('are not empty (guards the parser)', () => {
    expect(zh.size).toBeGreaterThan(100)
  })

  it('give every Chinese message a non-empty English translation with the same placeholders', () => {
    expect(catalogProblems(zh, en)).toEqual([])
  })
})
