// The import rules (docs/architecture.md house rule 5) live in eslint.config.js. Each case lints a tiny
// snippet as if it were a file at that path in the tree, so a rule that silently stops matching (a
// glob or resolver change) fails here instead of letting violations back in. Below them, the rule
// that comments say their reason in the product's words, not by an issue letter.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

/** The rule ids ESLint reports for `code` placed at `filePath` (relative to the repository root). */
async function reported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((m) => m.ruleId ?? m.message)
}

const BOUNDARY = 'import-x/no-restricted-paths'

describe('house import rules', () => {
  it('a feature may not import another feature, by alias or by relative path; its own is fine', async () => {
    const use = 'export const id = deviceId()\n'
    expect(
      await reported(
        'src/features/kol/probe.ts',
        `import { deviceId } from '@/features/stock/device-id'\n${use}`,
      ),
    ).toContain(BOUNDARY)
    expect(
      await reported(
        'src/features/kol/probe.ts',
        `import { deviceId } from '../stock/device-id'\n${use}`,
      ),
    ).toContain(BOUNDARY)
    expect(
      await reported(
        'src/features/stock/count/probe.ts',
        `import { deviceId } from '@/features/stock/device-id'\n${use}`,
      ),
    ).toEqual([])
  })

  it('the service worker imports only the listed isomorphic modules from src/', async () => {
    expect(
      await reported(
        'sw/probe.ts',
        "import { config } from '../src/config.ts'\nexport const c = config\n",
      ),
    ).toContain(BOUNDARY)
    expect(
      await reported(
        'sw/probe.ts',
        "import { API_PREFIX } from '../src/app/pwa/api-cache-rules.ts'\nexport const p = API_PREFIX\n",
      ),
    ).toEqual([])
  })

  it('server code may not import tests/, its tests may', async () => {
    const code =
      "import { freshIp } from '../../../tests/support/auth.ts'\nexport const ip = freshIp()\n"
    expect(await reported('server/modules/auth/probe.ts', code)).toContain(BOUNDARY)
    expect(await reported('server/modules/auth/probe.test.ts', code)).toEqual([])
  })

  it('shared machinery may not import app/', async () => {
    const code = "import { buildTheme } from '@/app/theme'\nexport const theme = buildTheme()\n"
    for (const dir of ['api', 'crud', 'shell/menu', 'offline', 'i18n'])
      expect(await reported(`src/${dir}/probe.ts`, code), dir).toContain(BOUNDARY)
    expect(await reported('src/routes/probe.ts', code)).toEqual([])
  })

  it('the list engine’s sub-folders are shared machinery too: no features, no app/; the engine is fine', async () => {
    const app = "import { buildTheme } from '@/app/theme'\nexport const theme = buildTheme()\n"
    const feature = (from: string) =>
      `import { deviceId } from '${from}'\nexport const id = deviceId()\n`
    for (const dir of ['crud/list', 'crud/form']) {
      expect(await reported(`src/${dir}/probe.ts`, app), dir).toContain(BOUNDARY)
      expect(
        await reported(`src/${dir}/probe.ts`, feature('@/features/stock/device-id')),
        dir,
      ).toContain(BOUNDARY)
      expect(
        await reported(`src/${dir}/probe.ts`, feature('../../features/stock/device-id')),
        dir,
      ).toContain(BOUNDARY)
    }
    expect(
      await reported(
        'src/crud/list/probe.ts',
        "import { urlOf } from '../entity-api'\nimport { PAGE_SIZES } from './list-search'\nexport const u = [urlOf, PAGE_SIZES]\n",
      ),
    ).toEqual([])
  })

  // One small module of each server folder and a name it exports: importing(at, layer) lints a file
  // at `at` that imports it, so the probes read as folder → folder.
  const LAYER_SAMPLES: Record<string, [string, string]> = {
    core: ['server/core/ids.ts', 'nextId'],
    db: ['server/db/platform-menus.ts', 'PLATFORM_TENANT_ID'],
    auth: ['server/auth/password.ts', 'hashPassword'],
    log: ['server/log/writer.ts', 'usualLog'],
    crud: ['server/crud/table.ts', 'dynamic'],
    engines: ['server/engines/scheduler/timing.ts', 'TIME_CRON'],
    modules: ['server/modules/flow/leave-bpmn.ts', 'LEAVE_BPMN'],
    http: ['server/http/security-headers.ts', 'docsPagePolicy'],
    seed: ['server/seed/ids.ts', 'TENANT_ID'],
    config: ['server/config.ts', 'readConfig'],
  }
  /** What ESLint reports for a file at `at` importing the sample of `layer` (as a type when asked). */
  function importing(at: string, layer: string, asType = false): Promise<string[]> {
    const [file, name] = LAYER_SAMPLES[layer]!
    let specifier = relative(dirname(at), file)
    if (!specifier.startsWith('.')) specifier = `./${specifier}`
    const code = asType
      ? `import type { ${name} } from '${specifier}'\nexport type Probe = typeof ${name}\n`
      : `import { ${name} } from '${specifier}'\nexport const probe = [${name}]\n`
    return reported(at, code)
  }

  it('a server folder may not import one above it', async () => {
    const upward: [string, string][] = [
      ['server/db/probe.ts', 'http'],
      ['server/db/probe.ts', 'modules'],
      ['server/db/probe.ts', 'auth'],
      ['server/db/probe.ts', 'crud'],
      ['server/db/probe.ts', 'engines'],
      ['server/db/sqlite/probe.ts', 'seed'],
      ['server/crud/probe.ts', 'modules'],
      ['server/crud/import/probe.ts', 'http'],
      ['server/engines/bpmn/probe.ts', 'modules'],
      ['server/engines/probe.ts', 'auth'],
      ['server/auth/probe.ts', 'crud'],
      ['server/auth/probe.ts', 'log'],
      ['server/auth/probe.ts', 'config'],
      ['server/log/probe.ts', 'http'],
      ['server/modules/system/probe.ts', 'seed'],
      ['server/modules/probe.ts', 'http'],
      ['server/http/probe.ts', 'modules'],
      ['server/seed/probe.ts', 'http'],
    ]
    for (const [at, layer] of upward)
      expect(await importing(at, layer), `${at} → ${layer}`).toContain(BOUNDARY)
  })

  it('the kernel imports no other server folder, not even a type', async () => {
    for (const layer of Object.keys(LAYER_SAMPLES).filter((l) => l !== 'core')) {
      expect(await importing('server/core/probe.ts', layer), layer).toContain(BOUNDARY)
      expect(await importing('server/core/probe.ts', layer, true), `type from ${layer}`).toContain(
        BOUNDARY,
      )
    }
  })

  it('the directions the layers allow report nothing', async () => {
    const allowed: [string, string][] = [
      ['server/db/probe.ts', 'core'],
      ['server/auth/probe.ts', 'db'],
      ['server/log/probe.ts', 'core'],
      ['server/crud/probe.ts', 'auth'],
      ['server/crud/probe.ts', 'log'],
      ['server/engines/bpmn/probe.ts', 'db'],
      ['server/modules/probe.ts', 'crud'],
      ['server/modules/probe.ts', 'engines'],
      ['server/http/probe.ts', 'crud'],
      ['server/seed/probe.ts', 'modules'],
      ['server/app.ts', 'http'],
      ['server/app.ts', 'modules'],
      ['server/main.ts', 'seed'],
      ['server/main.ts', 'config'],
    ]
    for (const [at, layer] of allowed)
      expect(await importing(at, layer), `${at} → ${layer}`).toEqual([])
    expect(
      await reported(
        'server/db/probe.ts',
        "import { entities } from '../../src/domain/registry.ts'\nexport const e = entities\n",
      ),
    ).toEqual([])
  })

  it('a test may also import the seed and readConfig, and reads an export back with the import reader', async () => {
    expect(await importing('server/crud/probe.test.ts', 'seed')).toEqual([])
    expect(await importing('server/auth/probe.test.ts', 'config')).toEqual([])
    expect(await importing('server/db/probe.test.ts', 'modules')).toContain(BOUNDARY)
    expect(await importing('server/core/probe.test.ts', 'crud')).toContain(BOUNDARY)
    expect(
      await reported(
        'server/core/probe.test.ts',
        "import { readSheetText } from '../crud/import/read-sheet.ts'\nexport const r = readSheetText\n",
      ),
    ).toEqual([])
  })

  it('a migration may import its own folder only', async () => {
    const at = 'server/db/migrations/999-probe.ts'
    for (const layer of ['db', 'core', 'modules', 'seed'])
      expect(await importing(at, layer), layer).toContain(BOUNDARY)
    expect(
      await reported(
        at,
        "import { entities } from '../../../src/domain/registry.ts'\nexport const e = entities\n",
      ),
    ).toContain(BOUNDARY)
    expect(
      await reported(at, "import { id } from './columns.ts'\nexport const probe = id\n"),
    ).toEqual([])
  })

  it('an import that closes a cycle is reported', async () => {
    // auth.ts imports http.ts: http.ts importing auth.ts back would be a cycle.
    expect(
      await reported(
        'src/api/http.ts',
        "import { logout } from './auth'\nexport const out = logout\n",
      ),
    ).toContain('import-x/no-cycle')
  })
})

// A migration does what it did when it first ran: it imports kysely and helpers of its own folder
// only, whatever the specifier (a type, a re-export, a dynamic import), so a new migration that
// reaches for live code fails here even where the resolver cannot follow it.
const MIGRATIONS = 'server/db/migrations'

/** The specifiers a file imports or re-exports, dynamic imports included. */
function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)
}

describe('frozen migrations', () => {
  it('reads every kind of import', () => {
    expect(
      importSpecifiers(
        "import { a } from 'kysely'\nimport type { B } from '../x.ts'\nexport { c } from './c.ts'\nconst d = await import('../../d.ts')\n",
      ),
    ).toEqual(['kysely', '../x.ts', './c.ts', '../../d.ts'])
  })

  it('import only kysely and their own folder', () => {
    const files = readdirSync(join(root, MIGRATIONS)).filter((f) => f.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(20)
    const foreign = files.flatMap((file) =>
      importSpecifiers(readFileSync(join(root, MIGRATIONS, file), 'utf8'))
        .filter((s) => s !== 'kysely' && !(s.startsWith('./') && !s.slice(2).includes('/')))
        .map((s) => `${file}: ${s}`),
    )
    expect(foreign).toEqual([])
  })
})

// Comments give their reason in the product's own words: a citation of a tracker letter (the word
// issue and a capital letter) means nothing to a reader of the repository. Comment continuations are joined first,
// so a citation split over two lines is caught too.
const CITATION = /\bissues?\s+\[?[A-Z]\]?(?![\w#])/
const CODE_DIRS = ['src', 'server', 'sw', 'scripts', 'tests', 'bench', '.ci']

/** The first issue-letter citation of a file's text, or null. */
function issueCitation(text: string): string | null {
  const joined = text.replace(/\n\s*(?:\/\/+|\*|#)\s*/g, ' ')
  return CITATION.exec(joined)?.[0] ?? null
}

function codeFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'locales') out.push(...codeFiles(path))
    } else if (
      /\.(ts|tsx|js|mjs|cjs|sh)$/.test(entry.name) ||
      (dir === '.ci' && !entry.name.includes('.'))
    )
      out.push(path)
  }
  return out
}

describe('house comment rules', () => {
  it('finds a citation of an issue letter, also split over two comment lines, and not an upstream issue number', () => {
    const letter = 'E'
    expect(issueCitation(`// loads later (issue ${letter}).`)).not.toBeNull()
    expect(issueCitation(`// the first list's download (issue\n// ${letter}).`)).not.toBeNull()
    expect(issueCitation(`/** keyed by SKU, issue [${letter}] */`)).not.toBeNull()
    expect(issueCitation('// split characters (exceljs issue #2063)')).toBeNull()
    expect(issueCitation('// an issue Excel users know')).toBeNull()
  })

  it('no file under src, server, sw, scripts, tests, bench or .ci cites an issue letter', () => {
    const found = CODE_DIRS.flatMap((dir) => codeFiles(dir))
      .map((file) => ({ file, citation: issueCitation(readFileSync(join(root, file), 'utf8')) }))
      .filter((f) => f.citation !== null)
    expect(found).toEqual([])
  })
})
