// Citations in the repository point at documents a reader of the repository can open: a document
// named in a comment or a document exists; the offline rules (docs/offline.md R7), contract
// sections (docs/contract.md §4), product sections and their parts (docs/product.md §2 "Tab bar")
// and house rules (docs/architecture.md house rule 3) it names exist there, and no section is cited
// of the product specification kept outside the repository; the paths the documents name in
// backticks exist, so the documents follow file moves; and no comment gives a tracker letter as its
// reason. Every file is read once; the checks are pure functions over those texts, each also tried
// on a planted bad citation.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

const SCANNED_DIRS = ['src', 'server', 'sw', 'tests', 'bench', 'scripts', '.ci', 'docs']
const SKIPPED_DIRS = new Set(['node_modules', 'locales'])
const ROOT_FILES = /^(README\.md|[\w-]+\.config\.(ts|js|cjs|mjs))$/
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|sh|md)$/

/** Every text file the checks read: path relative to the root → its text. */
function readRepository(): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path)
      } else if (TEXT_FILE.test(entry.name) || (dir === '.ci' && !entry.name.includes('.'))) {
        files.set(path, readFileSync(join(root, path), 'utf8'))
      }
    }
  }
  for (const dir of SCANNED_DIRS) if (existsSync(join(root, dir))) walk(dir)
  for (const entry of readdirSync(root, { withFileTypes: true }))
    if (entry.isFile() && ROOT_FILES.test(entry.name))
      files.set(entry.name, readFileSync(join(root, entry.name), 'utf8'))
  return files
}

/** Comment continuations joined, so a citation split over two comment lines reads as one. */
const joined = (text: string) => text.replace(/\n\s*(?:\/\/+|\*|#)\s*/g, ' ')

const withoutUrls = (text: string) => text.replace(/\bhttps?:\/\/\S+/g, '')

interface Problem {
  file: string
  citation: string
}

// (a) documents

const MD_NAME = /(?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w-][\w.-]*\.md\b/g

/** The `.md` files cited anywhere that exist neither where cited nor under docs/. */
function missingDocuments(
  files: Map<string, string>,
  exists: (path: string) => boolean,
): Problem[] {
  const problems: Problem[] = []
  for (const [file, text] of files) {
    for (const [name] of withoutUrls(text).matchAll(MD_NAME)) {
      const candidates = [
        normalize(join(dirname(file), name)),
        normalize(name),
        `docs/${basename(name)}`,
      ]
      if (!candidates.some((c) => !c.startsWith('..') && exists(c)))
        problems.push({ file, citation: name })
    }
  }
  return problems
}

// (b) rules and sections

/**
 * The numbers a list of citations names, of one mark: `docs/offline.md R5–R7, R12` → 5, 6, 7, 12; `§7–§10` → 7, 8,
 * 9, 10; a range of subsections (`§16.1–§16.3`) names its two ends.
 */
function citedNumbers(list: string, mark: string): string[] {
  const out: string[] = []
  const escaped = mark.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')
  const item = new RegExp(
    `${escaped}(\\d+(?:\\.\\d+)?)(?:\\s*[–-]\\s*${escaped}?(\\d+(?:\\.\\d+)?))?`,
    'g',
  )
  for (const [, from, to] of list.matchAll(item)) {
    out.push(from!)
    if (!to) continue
    if (from!.includes('.') || to.includes('.')) out.push(to)
    else for (let n = Number(from) + 1; n <= Number(to); n++) out.push(String(n))
  }
  return out
}

const RULE = String.raw`[RP]\d+(?:\s*[–-]\s*[RP]?\d+)?`
const RULE_LIST = String.raw`${RULE}(?:\s*(?:,|and|/)\s*${RULE})*`
const OFFLINE_CITATION = new RegExp(String.raw`offline\.md,?\s+(${RULE_LIST})`, 'g')
const SECTION = String.raw`§\d+(?:\.\d+)?(?:\s*[–-]\s*§?\d+(?:\.\d+)?)?`
const CONTRACT_CITATION = new RegExp(
  String.raw`contract(?:\.md)?,?\s+(${SECTION}(?:\s*(?:,|and|/)\s*${SECTION})*)`,
  'g',
)
const HOUSE_RULE_CITATION = /architecture\.md,?\s+house rules?\s+(\d+(?:\s*(?:,|and)\s*\d+)*)/g
/** A product section, a range of them, or a section with the quoted name of one of its parts. */
const PRODUCT_ITEM = String.raw`§\d+(?:\s*[–-]\s*§?\d+)?(?:\s+"[^"\n]+")?`
const PRODUCT_CITATION = new RegExp(
  String.raw`product\.md,?\s+(${PRODUCT_ITEM}(?:\s*(?:,|and|/)\s*${PRODUCT_ITEM})*)`,
  'g',
)
/** One item of a product citation's list: its section (or the two ends of a range) and part. */
const PRODUCT_ITEM_PARTS = /§(\d+)(?:\s*[–-]\s*§?(\d+))?(?:\s+"([^"\n]+)")?/g
/**
 * A section of the product specification, which lives outside the repository (`docs/product.md`
 * stands in for it). Spelled in parts, like the old forms below.
 */
const OUTSIDE_SPEC = new RegExp(String.raw`\bspec(?:'s)?[,:]?\s*` + '§', 'gi')
/** Citation forms of documents outside the repository (spelled in parts: this file cites none). */
const OLD_FORMS = new RegExp(
  [
    'blade-' + 'contract',
    'contract ' + 'decision',
    'notes ' + '§',
    'style\\.md ' + 'principle',
  ].join('|'),
  'g',
)

interface Defined {
  rules: Set<string>
  sections: Set<string>
  houseRules: Set<string>
  /** Product section number → the headings of its parts. */
  productParts: Map<string, Set<string>>
}

/** Each `## §N` section of docs/product.md with the names of its `###` parts. */
function productParts(product: string): Map<string, Set<string>> {
  const parts = new Map<string, Set<string>>()
  let current: Set<string> | undefined
  for (const line of product.split('\n')) {
    const section = /^## §(\d+) /.exec(line)
    if (section) parts.set(section[1]!, (current = new Set()))
    else if (/^## /.test(line)) current = undefined
    const part = /^#{3,4} (.+?)\s*$/.exec(line)
    if (part && current) current.add(part[1]!)
  }
  return parts
}

/** What the documents define: R/P rules, contract sections, house rules, product sections. */
function definitions(
  offline: string,
  contract: string,
  architecture: string,
  product: string,
): Defined {
  const houseRules = architecture.split(/^## House rules$/m)[1] ?? ''
  return {
    rules: new Set([...offline.matchAll(/^\*\*([RP]\d+)\./gm)].map((m) => m[1]!)),
    sections: new Set([...contract.matchAll(/^#{2,4} §(\d+(?:\.\d+)?) /gm)].map((m) => m[1]!)),
    houseRules: new Set([...houseRules.matchAll(/^(\d+)\. \*\*/gm)].map((m) => m[1]!)),
    productParts: productParts(product),
  }
}

/** Whether every section (and part) a product citation's list names is in docs/product.md. */
function productCitationHolds(list: string, parts: Map<string, Set<string>>): boolean {
  for (const [, from, to, name] of list.matchAll(PRODUCT_ITEM_PARTS)) {
    const last = Number(to ?? from)
    for (let n = Number(from); n <= last; n++) if (!parts.has(String(n))) return false
    if (name !== undefined && !parts.get(from!)?.has(name)) return false
  }
  return true
}

/**
 * Cited rules, sections, product sections and parts, and house rules the documents do not define;
 * old citation forms; sections of the product specification outside the repository.
 */
function unknownCitations(files: Map<string, string>, defined: Defined): Problem[] {
  const problems: Problem[] = []
  for (const [file, raw] of files) {
    const text = joined(raw)
    for (const [whole, list] of text.matchAll(OFFLINE_CITATION)) {
      const rules = [
        ...citedNumbers(list!, 'R').map((n) => `R${n}`),
        ...citedNumbers(list!, 'P').map((n) => `P${n}`),
      ]
      if (rules.some((rule) => !defined.rules.has(rule))) problems.push({ file, citation: whole })
    }
    for (const [whole, list] of text.matchAll(CONTRACT_CITATION))
      if (citedNumbers(list!, '§').some((n) => !defined.sections.has(n)))
        problems.push({ file, citation: whole })
    for (const [whole, list] of text.matchAll(HOUSE_RULE_CITATION))
      if (list!.split(/\s*(?:,|and)\s*/).some((n) => !defined.houseRules.has(n)))
        problems.push({ file, citation: whole })
    for (const [whole, list] of text.matchAll(PRODUCT_CITATION))
      if (!productCitationHolds(list!, defined.productParts))
        problems.push({ file, citation: whole })
    for (const [whole] of text.matchAll(OLD_FORMS)) problems.push({ file, citation: whole })
    for (const [whole] of text.matchAll(OUTSIDE_SPEC)) problems.push({ file, citation: whole })
  }
  return problems
}

// (c) paths in the documents

const BACKTICKED = /`([^`\s]+)`/g
const FILE_NAME = /^[\w.-]+\.(ts|tsx|js|mjs|cjs|json|md)$/

/** Backticked repository paths in `docs` that do not exist (`<area>` and `*` stand for a name). */
function missingPaths(
  docs: Map<string, string>,
  topLevel: Set<string>,
  exists: (path: string) => boolean,
  list: (dir: string) => string[],
): Problem[] {
  const problems: Problem[] = []
  for (const [file, text] of docs) {
    for (const [, token] of text.matchAll(BACKTICKED)) {
      const path = token!.replace(/[,.;:]$/, '')
      const first = path.split('/')[0]!
      const isPath = path.includes('/') ? topLevel.has(first) : FILE_NAME.test(path)
      if (!isPath) continue
      const wild = path.search(/[<*]/)
      if (wild < 0) {
        if (!exists(path.replace(/\/$/, ''))) problems.push({ file, citation: path })
        continue
      }
      // The folder before the first placeholder exists, and for a `*` name something in it matches.
      const dir = path.slice(0, path.lastIndexOf('/', wild))
      const rest = path.slice(dir.length + 1)
      const ok =
        exists(dir) &&
        (rest.includes('<') ||
          list(dir).some((n) =>
            new RegExp(`^${rest.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`).test(n),
          ))
      if (!ok) problems.push({ file, citation: path })
    }
  }
  return problems
}

// (d) tracker letters

const TRACKER_LETTER = /\bissues?\s+\[?[A-Z]\]?(?![\w#])/g

function trackerLetters(files: Map<string, string>): Problem[] {
  const problems: Problem[] = []
  for (const [file, text] of files)
    for (const [citation] of joined(text).matchAll(TRACKER_LETTER))
      problems.push({ file, citation })
  return problems
}

// The repository, read once.

const files = readRepository()
const docs = new Map([...files].filter(([path]) => /^docs\/[^/]+\.md$/.test(path)))
const exists = (path: string) => existsSync(join(root, path))
const list = (dir: string) => readdirSync(join(root, dir))
const topLevel = new Set(
  readdirSync(root).filter((n) => !['node_modules', '.git', '.tools', 'dist', 'data'].includes(n)),
)
const defined = definitions(
  files.get('docs/offline.md') ?? '',
  files.get('docs/contract.md') ?? '',
  files.get('docs/architecture.md') ?? '',
  files.get('docs/product.md') ?? '',
)

// Planted citations are assembled here, so that this file's own text cites nothing missing.
const md = (name: string) => `${name}.md`
const sample = (text: string) => new Map([['src/probe.ts', text]])
const probeDoc = md('docs/probe')
const inDocs = (text: string) => new Map([[probeDoc, text]])

describe('the documents themselves', () => {
  it('define the rules, sections and house rules the code cites', () => {
    expect(defined.rules.size).toBe(29 + 5)
    for (const n of ['1', '4', '16', '16.5', '17']) expect(defined.sections).toContain(n)
    expect(defined.houseRules.size).toBeGreaterThanOrEqual(12)
    expect([...defined.productParts.keys()]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9'])
    for (const part of ['Router guard', 'Tab bar', 'Top bar', 'Layout specifics'])
      expect(defined.productParts.get('2')).toContain(part)
    expect(defined.productParts.get('3')).toContain('Local error log entry')
  })
})

describe('(a) a cited document exists', () => {
  it('finds a document that is nowhere; takes one at its path, beside the file or in docs/', () => {
    const there = new Set(['docs/offline.md', 'bench/README.md', 'README.md'])
    const has = (p: string) => there.has(p)
    expect(
      missingDocuments(sample(`// see ${md('docs/offline')} and ${md('offline')}`), has),
    ).toEqual([])
    expect(missingDocuments(new Map([['bench/all.ts', `// ${md('../README')}`]]), has)).toEqual([])
    expect(missingDocuments(sample(`// rules of ${md('style')}`), has)).toEqual([
      { file: 'src/probe.ts', citation: md('style') },
    ])
    expect(missingDocuments(sample(`// https://example.com/${md('x')}`), has)).toEqual([])
  })

  it('holds in the repository', () => {
    expect(missingDocuments(files, exists)).toEqual([])
  })
})

describe('(b) cited rules and sections exist', () => {
  const known: Defined = {
    rules: new Set(['R1', 'R2', 'R3', 'R7', 'P1']),
    sections: new Set(['2', '2.5', '4', '7', '8', '9', '10']),
    houseRules: new Set(['3']),
    productParts: new Map([
      ['2', new Set(['Tab bar', 'Router guard'])],
      ['3', new Set(['Local error log entry'])],
      ['4', new Set()],
      ['9', new Set()],
    ]),
  }
  it('finds a rule, section or house rule not there, also in a range or over two lines', () => {
    const off = md('docs/offline')
    const con = md('docs/contract')
    const arch = md('docs/architecture')
    expect(unknownCitations(sample(`// (${off} R1–R3, R7, P1)`), known)).toEqual([])
    expect(
      unknownCitations(sample(`// (${con} §7–§10, §2.5) and ${arch} house rule 3`), known),
    ).toEqual([])
    expect(unknownCitations(sample(`// (${off} R1, R9)`), known)).toHaveLength(1)
    expect(unknownCitations(sample(`// (${off} R1–R4)`), known)).toHaveLength(1)
    expect(
      unknownCitations(sample(`// the filters (${con}\n// §5.5) of the token`), known),
    ).toHaveLength(1)
    expect(unknownCitations(sample(`// ${arch} house rule 14`), known)).toHaveLength(1)
    expect(unknownCitations(sample(`// (${'blade-'}contract §4)`), known)).toHaveLength(1)
  })

  it('finds a product section or part not there, and a section of the specification outside', () => {
    const prod = md('docs/product')
    expect(
      unknownCitations(sample(`// (${prod} §2 "Tab bar", §3 "Local error log entry", §9)`), known),
    ).toEqual([])
    expect(
      unknownCitations(sample(`// (${prod} §3–§4) and ${prod} §2 "Router guard"`), known),
    ).toEqual([])
    expect(unknownCitations(sample(`// the guard (${prod} §2\n// "Router guard")`), known)).toEqual(
      [],
    )
    expect(unknownCitations(sample(`// (${prod} §10)`), known)).toHaveLength(1)
    expect(unknownCitations(sample(`// (${prod} §2–§5)`), known)).toHaveLength(1)
    expect(unknownCitations(sample(`// (${prod} §9, §2 "Top bar")`), known)).toHaveLength(1)
    expect(unknownCitations(sample(`// (${prod} §3 "Tab bar")`), known)).toHaveLength(1)
    const outside = 'spec'
    expect(unknownCitations(sample(`// (${outside} §4)`), known)).toHaveLength(1)
    expect(
      unknownCitations(sample(`// ${outside.toUpperCase()} §2/§3 layout`), known),
    ).toHaveLength(1)
    expect(unknownCitations(sample(`// (${outside}: §9)`), known)).toHaveLength(1)
    expect(
      unknownCitations(sample('// the import specification, see the product §2'), known),
    ).toEqual([])
  })

  it('holds in the repository', () => {
    expect(unknownCitations(files, defined)).toEqual([])
  })
})

describe('(c) the paths the documents name exist', () => {
  const there = new Set([
    'src',
    'src/offline',
    'src/offline/db.ts',
    'tests',
    'tests/e2e',
    'README.md',
  ])
  const has = (p: string) => there.has(p)
  const top = new Set(['src', 'tests', 'README.md'])
  const ls = (dir: string) => (dir === 'tests/e2e' ? ['offline-start.test.ts'] : [])
  it('finds a moved file, and reads placeholders and globs', () => {
    expect(
      missingPaths(
        inDocs(
          '`src/offline/db.ts`, `src/<area>/x.ts`, `tests/e2e/offline-*.test.ts`, `README.md`',
        ),
        top,
        has,
        ls,
      ),
    ).toEqual([])
    expect(missingPaths(inDocs('kept in `src/offline/outbox.ts`.'), top, has, ls)).toEqual([
      { file: probeDoc, citation: 'src/offline/outbox.ts' },
    ])
    expect(missingPaths(inDocs('`tests/e2e/sync-*.test.ts`'), top, has, ls)).toHaveLength(1)
    expect(
      missingPaths(inDocs('`/api/blade-sync/batch`, `config.apiPrefix`'), top, has, ls),
    ).toEqual([])
  })

  it('holds in the repository', () => {
    expect(missingPaths(docs, topLevel, exists, list)).toEqual([])
  })
})

describe('(d) no tracker letters', () => {
  it('finds one, also split over two comment lines, and not an upstream issue number', () => {
    const letter = 'E'
    expect(trackerLetters(sample(`// loads later (issue ${letter}).`))).toHaveLength(1)
    expect(trackerLetters(sample(`// the first download (issue\n// ${letter}).`))).toHaveLength(1)
    expect(trackerLetters(sample('// split characters (exceljs issue #2063)'))).toEqual([])
  })

  it('holds in the repository, its configuration files and documents included', () => {
    expect(trackerLetters(files)).toEqual([])
  })
})
