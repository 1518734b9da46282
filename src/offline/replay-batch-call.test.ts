// The replay's batch call against the fake engine: rows of other lanes go a batch per request, each
// meeting its own answer; a batch whose answer is lost is resent and applied once; a server without
// the batch call (SpringBlade answers 404) or refusing a batch as one (400) gets the rows one by one.
import { http as mock, HttpResponse } from 'msw'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import '@/test/i18n'
import { config } from '@/config'
import { sessionStore } from '@/api/session'
import { SYNC_BATCH_API } from '@/domain/sync-batch'
import { API, setupMsw } from '@/test/msw'
import { db } from './db'
import { replayPass, SEND_BATCH } from './replay'
import { forgetBatchSupport } from './replay-io'
import { answers, fakeBlade, queueLines, resetOfflineDb, signIn } from './test-utils'

const blade = fakeBlade()
const server = setupMsw(...blade.handlers, blade.batchHandler)
const owner = { userId: '1', tenantId: '000000' }

beforeAll(() => void (config.syncBatch = true))
afterAll(() => void (config.syncBatch = false))
beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  Object.assign(blade.state, { effects: 0, batchCalls: 0, dropAfterCommit: 0, faults: [] })
  blade.state.log.length = 0
  blade.state.applied.length = 0
  blade.state.keys.clear()
  blade.state.records.clear()
  forgetBatchSupport()
  await resetOfflineDb()
  signIn()
})

it('sends rows of other lanes a batch per request; a refused row is kept with its message, the others land', async () => {
  const keys = await queueLines(3 * SEND_BATCH)
  blade.state.faults.push(({ body }) =>
    body.qty === 5 ? answers.business('数量不正确') : undefined,
  )
  const result = await replayPass(owner)
  expect(result.confirmed).toBe(3 * SEND_BATCH - 1)
  expect(blade.state.batchCalls).toBe(3)
  expect(blade.state.applied).toHaveLength(3 * SEND_BATCH - 1)
  expect(await db.outbox.toArray()).toMatchObject([
    { key: keys[5], state: 'rejected', lastError: '数量不正确' },
  ])
})

it('a batch whose answer was lost after the server applied it is resent under its keys and applied once', async () => {
  const keys = await queueLines(10)
  blade.state.dropAfterCommit = 1
  const first = await replayPass(owner)
  expect(first.offline).toBe(true)
  expect(blade.state.effects).toBe(10)
  expect(await db.outbox.count()).toBe(10)
  await db.outbox.toCollection().modify({ nextAttemptAt: 0 })
  const second = await replayPass(owner)
  expect(second.confirmed).toBe(10)
  expect(await db.outbox.count()).toBe(0)
  expect(blade.state.effects).toBe(10)
  expect(blade.state.applied.map((a) => a.key).sort()).toEqual([...keys].sort())
})

it('a server without the batch call (404) gets the rows one request each, and is not asked again', async () => {
  server.use(
    mock.post(`${API}${SYNC_BATCH_API}`, () => {
      blade.state.batchCalls++
      return HttpResponse.json(
        { code: 404, success: false, data: null, msg: 'Not Found' },
        { status: 404 },
      )
    }),
  )
  const keys = await queueLines(40)
  const result = await replayPass(owner)
  expect(result.confirmed).toBe(40)
  expect(blade.state.batchCalls).toBe(1)
  expect(blade.state.log.map((l) => l.key).sort()).toEqual([...keys].sort())
  await queueLines(5)
  expect((await replayPass(owner)).confirmed).toBe(5)
  expect(blade.state.batchCalls).toBe(1)
})

it('a batch refused as one (400) goes again one request each, so each row meets its own answer', async () => {
  server.use(
    mock.post(`${API}${SYNC_BATCH_API}`, () => {
      blade.state.batchCalls++
      return HttpResponse.json(
        {
          code: 400,
          success: false,
          data: null,
          msg: '第 3 条离线修改的 url 必须是 /api/ 下的接口路径',
        },
        { status: 400 },
      )
    }),
  )
  await queueLines(6)
  const result = await replayPass(owner)
  expect(result.confirmed).toBe(6)
  expect(blade.state.batchCalls).toBe(1)
  expect(blade.state.applied).toHaveLength(6)
  // A refusal of one batch says nothing of the next: it is tried again.
  await queueLines(4)
  expect((await replayPass(owner)).confirmed).toBe(4)
  expect(blade.state.batchCalls).toBe(2)
})
