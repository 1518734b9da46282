// docs/offline.md R14/R7: when the backoff is reset (back online, "Sync now") while a pass is under way, rows that
// were waiting for their backoff become due in that same pass, so the queue goes out in order
// instead of after the rows that never failed.
import { http as mock } from 'msw'
import { beforeEach, expect, it, vi } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { db } from './db'
import { enqueue } from './outbox'
import { invalidatePlans, replayPass } from './replay'
import { fakeBlade, resetOfflineDb, signIn, TEST_API, target } from './test-utils'

const blade = fakeBlade()
let release = () => {}
let gate = Promise.resolve()
// Holds the 'slow' entity's request until released, then falls through to the fake engine.
setupMsw(
  mock.post(`${API}${TEST_API}/slow/:op`, async () => {
    await gate
  }),
  ...blade.handlers,
)
captureToasts()

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  blade.state.log.length = 0
  await resetOfflineDb()
  signIn()
  gate = new Promise<void>((r) => (release = r))
})

it('sends a row whose backoff was reset while another row of the same pass is still in flight', async () => {
  const later = await enqueue({ ...target('later'), op: 'submit', payload: { n: 1 } })
  await db.outbox.update(later.key, { nextAttemptAt: Date.now() + 60_000, backoffStep: 3 })
  const slow = await enqueue({ ...target('slow'), op: 'submit', payload: { n: 2 } })
  const pass = replayPass({ userId: '1', tenantId: '000000' })
  await vi.waitFor(async () => expect((await db.outbox.get(slow.key))?.state).toBe('sending'), {
    timeout: 60_000,
  })

  await db.outbox.update(later.key, { nextAttemptAt: 0, backoffStep: 0 })
  invalidatePlans()
  await vi.waitFor(() => expect(blade.state.log.map((l) => l.entity)).toContain('later'), {
    timeout: 60_000,
  })
  expect(blade.state.log.map((l) => l.entity)).not.toContain('slow')

  release()
  expect((await pass).confirmed).toBe(2)
  expect(await db.outbox.count()).toBe(0)
})
