// The checkout a generated module joins checks its layout with Prettier (npm run format:check), so
// every file is answered in that layout, with the checkout's own settings.
import type { GeneratedFile } from './index.ts'
import { root } from './registry-edits.ts'

export async function inCheckoutLayout(files: GeneratedFile[]): Promise<GeneratedFile[]> {
  // Loaded on the first generation only: the formatter is large and most processes never generate.
  const prettier = await import('prettier')
  return Promise.all(
    files.map(async (file) => {
      const filepath = `${root()}${file.path}`
      const options = (await prettier.resolveConfig(filepath)) ?? {}
      try {
        return { ...file, content: await prettier.format(file.content, { ...options, filepath }) }
      } catch {
        // A file the formatter cannot read is answered as generated, for the checkout's own
        // typecheck to name what is wrong with it.
        return file
      }
    }),
  )
}
