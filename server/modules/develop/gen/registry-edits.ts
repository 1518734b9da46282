// The shared lists a generated module joins, answered whole with its line added (a zip cannot patch
// a file): the entity loaders, the migration list and the generated menus. Read from this server's
// own checkout, which `npm start` runs from; a line already there is not added twice, and several
// modules generated at once are added one after the other.
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { ModuleNames } from './names.ts'

/** The checkout's root, found when asked (a browser-like test environment imports this file too). */
export const root = () => fileURLToPath(new URL('../../../../', import.meta.url))
export const LOADERS = 'src/domain/entity-loaders.ts'
export const MIGRATE = 'server/db/migrate.ts'
export const MENUS = 'server/seed/menu-data-generated.ts'
export const MIGRATIONS = 'server/db/migrations'

export interface SharedFiles {
  loaders: string
  migrate: string
  menus: string
  /** File names in the migrations folder (and the ones generated in this run). */
  migrations: string[]
}

export async function readShared(): Promise<SharedFiles> {
  const read = (path: string) => readFile(`${root()}${path}`, 'utf8')
  return {
    loaders: await read(LOADERS),
    migrate: await read(MIGRATE),
    menus: await read(MENUS),
    migrations: await readdir(`${root()}${MIGRATIONS}`),
  }
}

/** Inserts `line` on its own line before the last occurrence of `closing` (a list's end). */
function insertBefore(text: string, closing: string, line: string): string {
  const at = text.lastIndexOf(closing)
  if (at < 0) throw new Error(`no "${closing.trim()}" to add to`)
  return `${text.slice(0, at)}\n${line}${text.slice(at)}`
}

/** The loader line of the module: where it is, if the list has one under its key (on one line or,
 * as the formatter breaks a long one, two). */
export function loaderTarget(loaders: string, names: ModuleNames): string | null {
  const m = new RegExp(`\\n  ${names.permission}: \\(\\) =>\\s*import\\('([^']+)'\\)`).exec(loaders)
  return m ? m[1]! : null
}

export function addLoader(shared: SharedFiles, names: ModuleNames): void {
  if (loaderTarget(shared.loaders, names)) return
  shared.loaders = insertBefore(
    shared.loaders,
    '\n}',
    `  ${names.permission}: () => import('./${names.area}/${names.file}.ts').then((m) => m.${names.entity}),`,
  )
}

/** The module's migration name: the one it has already, or the next free number. */
export function addMigration(shared: SharedFiles, names: ModuleNames): string {
  const own = shared.migrations.find(
    (f) => /^\d{3}-/.test(f) && f.replace(/^\d{3}-/, '') === `${names.file}.ts`,
  )
  if (own) return own.replace(/\.ts$/, '')
  const top = Math.max(99, ...shared.migrations.map((f) => Number(/^(\d{3})-/.exec(f)?.[1] ?? 0)))
  const name = `${String(top + 1).padStart(3, '0')}-${names.file}`
  shared.migrations.push(`${name}.ts`)
  const binding = `${names.entity}Table`
  const lastImport = shared.migrate.lastIndexOf('\nimport * as ')
  const importEnd = shared.migrate.indexOf('\n', lastImport + 1)
  const withImport = `${shared.migrate.slice(0, importEnd)}\nimport * as ${binding} from './migrations/${name}.ts'${shared.migrate.slice(importEnd)}`
  shared.migrate = insertBefore(
    withImport,
    '\n}\n\nexport async function migrate',
    `  '${name}': ${binding},`,
  )
  return name
}

export function addMenu(
  shared: SharedFiles,
  names: ModuleNames,
  title: string,
  alias: string,
): void {
  if (shared.menus.includes(`screen('${names.permission}',`)) return
  const quote = (s: string) => s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")
  const entry = `  screen('${names.permission}', '${quote(title)}', '${quote(alias)}', '${names.path}', 'IconTable', CRUD),`
  // The list is the file's last: `[]` while empty (as the formatter leaves it), one entry a line after.
  const head = 'GENERATED_MENUS: MenuSeed[] = ['
  const start = shared.menus.indexOf(head)
  const end = shared.menus.lastIndexOf(']')
  if (start < 0 || end < start) throw new Error('no GENERATED_MENUS list to add to')
  const entries = shared.menus.slice(start + head.length, end).replace(/\s+$/, '')
  shared.menus =
    `${shared.menus.slice(0, start + head.length)}${entries}\n${entry}\n${shared.menus.slice(end)}`.replace(
      /^import .* from '\.\/menu-types\.ts'$/m,
      "import { CRUD, screen, type MenuSeed } from './menu-types.ts'",
    )
}
