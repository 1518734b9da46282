// The Chinese catalog split by chunk (a light first visit): in a production build each
// output chunk starts by adding to the Chinese messages the ones whose ids its own code holds, and
// the catalog module becomes that (growing) object. A screen's messages thus arrive with its code,
// and the first screens download only theirs, not all 1,100. Correct by construction: Lingui's
// macros compile every message to an `{ id }` literal in the chunk of the code that declares it, so
// by the time any code can pass that id to `i18n._`, its chunk has run and added the message.
// English stays one catalog, loaded when chosen. Dev and tests import the whole catalog as before.
//
// Own code: Lingui's per-page catalogs need its experimental extractor and one entry per page; our
// screens are generic and chosen by menu code at run time, so the split follows the bundler's chunks.
import MagicString from 'magic-string'
import type { Plugin } from 'vite'

const ZH_CATALOG = /[\\/]src[\\/]locales[\\/]zh[\\/]messages\.ts$/
const I18N_ENTRY = /[\\/]src[\\/]i18n[\\/]index\.ts$/
const ANY_CATALOG = /[\\/]src[\\/]locales[\\/]/
/** Where the chunks put the Chinese messages (the catalog module answers this object). */
export const ZH_GLOBAL = '__vnadminZhMessages'
/** Lingui's generated ids: 6 characters of base64 (url-safe or not). */
const QUOTED_ID = /[`"']([A-Za-z0-9_+/=-]{6})[`"']/g

export type Catalog = Record<string, unknown>

/** The compiled catalog module's messages (`export const messages=JSON.parse("…")`). */
export function catalogOf(compiled: string): Catalog {
  const m = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(compiled)
  if (!m) throw new Error('chunk-catalogs: the compiled catalog is not `JSON.parse("…")`')
  return JSON.parse(JSON.parse(m[1]!) as string) as Catalog
}

/** The catalog's ids quoted in this code, sorted (a quoted word that is no id costs nothing). */
export function idsIn(code: string, catalog: Catalog): string[] {
  const out = new Set<string>()
  for (const m of code.matchAll(QUOTED_ID)) if (Object.hasOwn(catalog, m[1]!)) out.add(m[1]!)
  return [...out].sort()
}

/** The statement a chunk starts with: its messages added to the shared Chinese catalog. */
export function preludeOf(ids: string[], catalog: Catalog): string {
  const picked = Object.fromEntries(ids.map((id) => [id, catalog[id]]))
  return `Object.assign(globalThis.${ZH_GLOBAL}??={},JSON.parse(${JSON.stringify(JSON.stringify(picked))}));\n`
}

export function chunkCatalogs(): Plugin {
  let catalog: Catalog | null = null
  let usesI18n = false
  return {
    name: 'vnadmin-chunk-catalogs',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (I18N_ENTRY.test(id)) usesI18n = true
      if (!ZH_CATALOG.test(id)) return null
      catalog = catalogOf(code)
      return { code: `export const messages = (globalThis.${ZH_GLOBAL} ??= {})\n`, map: null }
    },
    renderChunk(code, chunk) {
      // A chunk of catalogs only (English) quotes every id as its keys, and needs no Chinese.
      if (
        !catalog ||
        (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => ANY_CATALOG.test(id)))
      )
        return null
      const ids = idsIn(code, catalog)
      if (ids.length === 0) return null
      const s = new MagicString(code)
      s.prepend(preludeOf(ids, catalog))
      return { code: s.toString(), map: s.generateMap({ hires: true }) }
    },
    generateBundle() {
      // The app's build must have split the catalog; other builds (the service worker) have none.
      if (usesI18n && !catalog)
        this.error('chunk-catalogs: src/locales/zh/messages.ts was not part of the build')
    },
  }
}
