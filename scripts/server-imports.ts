// Which server folders import which (non-test files), with how many imports, and the pairs that
// import each other: the layers eslint.config.js enforces, seen whole. A file directly in server/
// counts as its own folder (app, main, config), and db/migrations apart from the rest of db.
// Usage: node scripts/server-imports.ts
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /(?<!\.test|\.d)\.ts$/.test(entry.name) ? [path] : []
  })
}

function folderOf(file: string): string {
  const parts = relative(root, file).split('/')
  if (parts[0] === 'src') return parts[1] === 'domain' ? 'domain' : `src/${parts[1]}`
  if (parts[0] !== 'server') return parts[0]
  if (parts.length === 2) return parts[1].replace(/\.ts$/, '')
  if (parts[1] === 'db' && parts[2] === 'migrations' && parts.length > 3) return 'migrations'
  return parts[1]
}

// Static imports and re-exports (also across lines), side-effect imports and dynamic import().
const SPECIFIER =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm

const pairs = new Map<string, number>()
for (const file of sourceFiles(join(root, 'server'))) {
  for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const specifier = m[1] ?? m[2] ?? m[3]
    if (!specifier.startsWith('.')) continue
    const from = folderOf(file)
    const to = folderOf(resolve(dirname(file), specifier))
    if (from !== to) pairs.set(`${from} -> ${to}`, (pairs.get(`${from} -> ${to}`) ?? 0) + 1)
  }
}

const keys = [...pairs.keys()].sort()
for (const key of keys) console.info(`${key.padEnd(28)} ${pairs.get(key)}`)
const mutual = keys.filter((key) => {
  const [a, b] = key.split(' -> ')
  return a < b && pairs.has(`${b} -> ${a}`)
})
console.info(
  `\nfolders importing each other (${mutual.length}): ${mutual.map((k) => k.replace(' -> ', ' <-> ')).join(', ')}`,
)
