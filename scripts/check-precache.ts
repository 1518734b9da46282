// docs/offline.md R28: fails when the built worker would not precache the whole shell. workbox-build only *warns*
// when it skips a file (too large for maximumFileSizeToCacheInBytes, or not matched), and an
// offline start then breaks on the missing chunk. Run after `vite build`:
//   node scripts/check-precache.ts [distDir]
// Checks that every js/css/html/font/icon file in dist is in dist/sw.js's precache manifest, that
// every manifest entry exists, and that each precached file is under 2 MiB.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'

export const MAX_PRECACHE_BYTES = 2 * 1024 * 1024

/**
 * Files the shell needs offline (the injectManifest globPatterns). Fonts as woff2 only: a library's
 * older formats beside it (woff, ttf, eot: the diagram designer's icon font) are fallbacks that every
 * browser we support skips for the woff2.
 */
const PRECACHED = /\.(js|css|html|svg|png|ico|woff2|webmanifest)$/i
/** The worker is not precached by itself. */
const NOT_PRECACHED = new Set(['sw.js', 'sw.mjs'])

/** The URLs of the manifest injectManifest wrote into the worker (JSON objects with "url"). */
export function manifestUrls(swSource: string): string[] {
  const urls = [...swSource.matchAll(/"url":"((?:[^"\\]|\\.)*)"/g)].map(
    (m) => JSON.parse(`"${m[1]}"`) as string,
  )
  return urls.map((u) => u.replace(/^\//, ''))
}

function walk(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name)
    return e.isDirectory() ? walk(full, root) : [relative(root, full).split(sep).join('/')]
  })
}

export function checkPrecache(dist: string): string[] {
  const problems: string[] = []
  let sw: string
  try {
    sw = readFileSync(join(dist, 'sw.js'), 'utf8')
  } catch {
    return [`${dist}/sw.js is missing: run the build first`]
  }
  const listed = new Set(manifestUrls(sw))
  if (listed.size === 0)
    problems.push('sw.js holds no precache manifest (self.__WB_MANIFEST was not injected)')
  const files = walk(dist).filter((f) => PRECACHED.test(f) && !NOT_PRECACHED.has(f))
  for (const f of files) {
    if (!listed.has(f)) problems.push(`not precached: ${f}`)
    const size = statSync(join(dist, f)).size
    if (size >= MAX_PRECACHE_BYTES) problems.push(`over 2 MiB: ${f} (${size} bytes)`)
  }
  const present = new Set(walk(dist))
  for (const url of listed)
    if (!present.has(url.split('?')[0]!)) problems.push(`precached but missing from dist: ${url}`)
  return problems
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const dist = process.argv[2] ?? 'dist'
  const problems = checkPrecache(dist)
  if (problems.length) {
    console.error(`precache check failed (${problems.length}):\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }
  console.info(`precache check: every shell file in ${dist} is precached and under 2 MiB`)
}
