import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ChunkLoadError,
  CHUNK_TIMEOUT_MS,
  importWithTimeout,
  isChunkLoadError,
} from './chunk-error'

afterEach(() => vi.useRealTimers())

describe('chunk load errors', () => {
  it('recognises failed dynamic imports', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true)
    expect(isChunkLoadError(new ChunkLoadError('x'))).toBe(true)
    expect(isChunkLoadError(new Error('other'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('an import slower than 120 s fails with a ChunkLoadError', async () => {
    vi.useFakeTimers()
    const pending = importWithTimeout(() => new Promise(() => {}))
    const check = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError' })
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS)
    await check
    expect(CHUNK_TIMEOUT_MS).toBe(120_000)
  })

  it('a failed import becomes a ChunkLoadError; a fast one resolves', async () => {
    await expect(importWithTimeout(() => Promise.reject(new Error('404')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    )
    await expect(importWithTimeout(() => Promise.resolve(42))).resolves.toBe(42)
  })
})
