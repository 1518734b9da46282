// Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the built app, so the server
// answers compressed bytes without compressing per request (@fastify/static preCompressed). On a
// slow phone link the app's first download is then about a quarter of its size (docs/offline.md P4).
// Run after `vite build` (npm run build does); the service worker's precache list is unaffected.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

export function compressDist(dist: string): { files: number; before: number; after: number } {
  let files = 0
  let before = 0
  let after = 0
  for (const path of walk(dist)) {
    if (!TEXT.test(path)) continue
    const raw = readFileSync(path)
    if (raw.length < MIN_BYTES) continue
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    })
    writeFileSync(`${path}.br`, br)
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }))
    files++
    before += raw.length
    after += br.length
  }
  return { files, before, after }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const dist = process.argv[2] ?? 'dist'
  const { files, before, after } = compressDist(dist)
  console.info(
    `compressed ${files} files in ${dist}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (br)`,
  )
}
