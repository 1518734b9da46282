// The order of the service worker's precache list (vite.config.ts, injectManifest's
// manifestTransforms). Workbox fetches the entries one at a time in this order, and a hashed file
// it fetches is kept by the HTTP cache too: the first screen's files (the page, what it loads, the
// shell group of the first list after a login) go first, so a page that asks for them while the
// worker installs finds them fetched, and the 2 MB of lazy screens and diagram libraries come last.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import type { ManifestTransform } from 'workbox-build'

/** Files of the build that `index.html` references (scripts, preloads, styles), relative to the build. */
function referencedBy(html: string): Set<string> {
  return new Set([...html.matchAll(/(?:src|href)="\/?([^"?#]+)"/g)].map((m) => m[1]!))
}

/**
 * A manifest transform that puts the page and its files first, then the shell chunk group
 * (`shellPrefix`), then the rest as built; and the plugin that tells it the build's output folder.
 */
export function firstScreenFirst(shellPrefix: string): {
  plugin: Plugin
  transform: ManifestTransform
} {
  let outDir = 'dist'
  const plugin: Plugin = {
    name: 'precache-order',
    configResolved: (config) => void (outDir = config.build.outDir),
  }
  const transform: ManifestTransform = (entries) => {
    const page = join(outDir, 'index.html')
    const early = existsSync(page) ? referencedBy(readFileSync(page, 'utf8')) : new Set<string>()
    const rank = (url: string) =>
      url === 'index.html' ? 0 : early.has(url) ? 1 : url.startsWith(shellPrefix) ? 2 : 3
    // Array.prototype.sort is stable: within a rank the build's order stays.
    return { manifest: [...entries].sort((a, b) => rank(a.url) - rank(b.url)) }
  }
  return { plugin, transform }
}
