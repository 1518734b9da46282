// The modules a signed-in page needs to show its first list (kept small so it shows soon): the static import closure of
// the shell's lazy route parts, the generic list screen and the offline core. vite.config.ts puts
// them into one chunk, and what only other lazy screens or a dialog need (date pickers, number
// inputs, the form engine) into others, so the first list downloads neither those bytes nor extra
// files (docs/offline.md P1). Own code: rolldown's chunk groups match module ids or tags, and no option
// groups "reachable from these lazy modules"; a plugin sees the module graph in buildEnd, before
// chunking calls the group's test.
import type { ModuleInfo } from 'rolldown'
import type { Plugin } from 'vite'

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
const PACKAGE = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/

/** `{ a, b as c }` → the names bound locally (`as` → 'c') or imported (`imported` → 'b'). */
function names(list: string, side: 'local' | 'imported'): string[] {
  return list
    .split(',')
    .map(
      (n) =>
        n.trim().split(/\s+as\s+/)[side === 'local' ? 1 : 0] ?? n.trim().split(/\s+as\s+/)[0] ?? '',
    )
    .filter(Boolean)
}

/** Rolldown answers getModuleInfo and `code` across its native boundary on every call: ask once per id. */
interface Known {
  id: string
  code: string
  importedIds: readonly string[]
}

/**
 * A library's barrel (index re-exporting every part, e.g. @mantine/core): its imports that bind the
 * names `from` imports from that package, not all of them (the rest is tree-shaken from this path).
 * Null when `barrel` is not one (has code besides imports and exports) or `from` imports it otherwise.
 */
const onlyReexports = new WeakMap<Known, boolean>()
function isBarrel(m: Known): boolean {
  let answer = onlyReexports.get(m)
  if (answer === undefined)
    onlyReexports.set(
      m,
      (answer = !/^\s*(?!import|export|\/\/|$)/m.test(m.code.replace(/\{[^}]*\}/g, '{}'))),
    )
  return answer
}

function barrelParts(barrel: Known, from: Known): string[] | null {
  const pkg = PACKAGE.exec(barrel.id)?.[1]?.replace(/\\/g, '/')
  const code = barrel.code
  if (!pkg || !from.code || !isBarrel(barrel)) return null
  const wanted = new Set<string>()
  for (const m of from.code.matchAll(IMPORT))
    if (m[2] === pkg || m[2]?.startsWith(`${pkg}/`))
      for (const n of names(m[1] ?? '', 'imported')) wanted.add(n)
  if (new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s*from\\s*["']${pkg}["']`).test(from.code))
    return null
  const parts: string[] = []
  for (const m of code.matchAll(IMPORT)) {
    if (!names(m[1] ?? '', 'local').some((n) => wanted.has(n))) continue
    const spec = m[2] ?? ''
    const id = barrel.importedIds.find((i: string) =>
      i.endsWith(spec.replace(/^\.\//, '').replace(/^\.\.\//, '')),
    )
    if (id) parts.push(id)
  }
  return parts
}

/** `roots`: ids (any query, e.g. TanStack's ?tsr-split) whose static imports the first list runs. */
export function firstListChunk(roots: RegExp[]): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>()
  const plugin: Plugin = {
    name: 'first-list-chunk',
    apply: 'build',
    buildEnd() {
      members.clear()
      const known = new Map<string, Known | null>()
      const infoOf = (id: string): Known | null => {
        if (!known.has(id)) {
          const info: ModuleInfo | null = this.getModuleInfo(id)
          known.set(
            id,
            info ? { id, code: info.code ?? '', importedIds: [...info.importedIds] } : null,
          )
        }
        return known.get(id) ?? null
      }
      const queue = [...this.getModuleIds()].filter((id) => roots.some((root) => root.test(id)))
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (members.has(id)) continue
        members.add(id)
        const info = infoOf(id)
        for (const child of info?.importedIds ?? []) {
          const childInfo = child.includes('node_modules') ? infoOf(child) : null
          const parts = info && childInfo ? barrelParts(childInfo, info) : null
          // A barrel itself holds no code worth a chunk of its own; its used parts are what counts.
          if (parts) queue.push(...parts)
          else queue.push(child)
        }
      }
    },
  }
  return { plugin, test: (id) => members.has(id) }
}
