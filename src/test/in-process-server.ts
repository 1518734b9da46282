// App tests that start the real server in the same process (tests/support/test-server.ts).
import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom swaps in its own Uint8Array, so the in-process server's Buffers fail jose's key check; the
 * server needs Node's own for the length of the calling test file.
 */
export function withNodeUint8Array(): void {
  const jsdomUint8Array = globalThis.Uint8Array
  beforeAll(() => {
    globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype)
      .constructor as Uint8ArrayConstructor
  })
  afterAll(() => {
    globalThis.Uint8Array = jsdomUint8Array
  })
}
