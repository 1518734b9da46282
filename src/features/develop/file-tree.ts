// The generated files grouped by their folder, folders and files in name order, for the preview's tree.
export interface FolderGroup {
  folder: string
  files: { path: string; name: string }[]
}

export function groupByFolder(paths: readonly string[]): FolderGroup[] {
  const groups = new Map<string, FolderGroup['files']>()
  for (const path of paths) {
    const cut = path.lastIndexOf('/')
    const folder = cut < 0 ? '' : path.slice(0, cut)
    const files = groups.get(folder) ?? []
    files.push({ path, name: path.slice(cut + 1) })
    groups.set(folder, files)
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([folder, files]) => ({
      folder,
      files: files.sort((a, b) => a.name.localeCompare(b.name)),
    }))
}

const LANGUAGES: Record<string, string> = {
  // No Java grammar ships with the highlighter; the C-like one colours its keywords, strings and comments.
  java: 'clike',
  kt: 'kotlin',
  xml: 'markup',
  vue: 'markup',
  html: 'markup',
  js: 'javascript',
  mjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  tsx: 'tsx',
  sql: 'sql',
  json: 'json',
  yml: 'yaml',
  yaml: 'yaml',
  md: 'markdown',
  go: 'go',
  py: 'python',
}

/** The highlighter's language of a file, by its extension ('plain' when it knows none). */
export function languageOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
  return LANGUAGES[ext] ?? 'plain'
}
