// Code is loaded in chunks (docs/product.md §9): a failed dynamic import, or one that takes longer
// than 120 s, is a ChunkLoadError, shown as a reload prompt rather than a broken screen.
export const CHUNK_TIMEOUT_MS = 120_000

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ChunkLoadError'
  }
}

const PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk .* failed/i,
]

export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  return err.name === 'ChunkLoadError' || PATTERNS.some((p) => p.test(err.message))
}

/** The import, rejected with a ChunkLoadError when it fails or takes longer than the time-out. */
export function importWithTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${ms / 1000}s`)),
      ms,
    )
    load().then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (err: unknown) => {
        clearTimeout(timer)
        reject(
          isChunkLoadError(err)
            ? err
            : new ChunkLoadError(err instanceof Error ? err.message : String(err)),
        )
      },
    )
  })
}
