// Payload schema versions on replay (docs/offline.md R4): each row goes with its version in X-Payload-Version; a row
// older than the server's previous version is upgraded on the device (and in Dexie) first. Against
// the msw Blade engine; server/crud/payload-version.test.ts is the server side over real HTTP.
import { i18n } from '@lingui/core'
import { HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import { refusedVersionData, setPayloadSchema, type PayloadSchema } from '@/domain/payload-version'
import { setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { messages as enMessages } from '../locales/en/messages'
import { messages as zhMessages } from '../locales/zh/messages'
import { db } from './db'
import { editRow, enqueue } from './outbox'
import { syncNow } from './sync-engine'
import { answers, fakeBlade, resetOfflineDb, signIn, storeRowOfBuild, target } from './test-utils'

const blade = fakeBlade()
setupMsw(...blade.handlers)
captureToasts()

// Build 3 (injected): v2 renamed kol.name to kolName, v3 turned a stock qty into a number.
const build3: PayloadSchema = {
  current: 3,
  steps: {
    2: { kol: ({ name, ...rest }) => ({ ...rest, kolName: name }) },
    3: { stock: (p) => ({ ...p, qty: Number(p.qty) }) },
  },
}

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  Object.assign(blade.state, {
    effects: 0,
    dropAfterCommit: 0,
    refreshWorks: true,
    refreshCalls: 0,
    offline: false,
  })
  blade.state.records.clear()
  blade.state.keys.clear()
  blade.state.log.length = 0
  blade.state.faults.length = 0
  blade.state.tokens = new Set(['tok-1'])
  await resetOfflineDb()
  signIn()
})

afterEach(() => {
  setPayloadSchema(null)
  i18n.activate('zh')
})

describe('replay and payload versions', () => {
  it('sends each row with its version in X-Payload-Version (the shipped build: 1)', async () => {
    const row = await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 2 } })
    expect(row.payloadSchemaVersion).toBe(1)
    await enqueue({ ...target('stock'), op: 'remove', clientId: row.clientId })
    await syncNow()
    expect(blade.state.log.map((s) => [s.op, s.payloadVersion])).toEqual([
      ['submit', '1'],
      ['remove', '1'],
    ])
  })

  it('a row written by build N replays on build N+1 as it is, with version N', async () => {
    const row = await storeRowOfBuild(1, { ...target('kol'), op: 'submit', payload: { name: 'A' } })
    setPayloadSchema({ current: 2, steps: build3.steps })
    await enqueue({ ...target('kol'), op: 'submit', payload: { kolName: 'B' } })
    await syncNow()
    // The server upgrades the previous version itself; the device leaves the row alone. The two
    // rows are of different records, so they go in parallel, in either order (docs/offline.md R7).
    const sent = blade.state.log.map((s) => [
      s.id === row.clientId ? 'old' : 'new',
      s.payloadVersion,
      s.body.name ?? s.body.kolName,
    ])
    expect(sent.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['new', '2', 'B'],
      ['old', '1', 'A'],
    ])
    expect(blade.state.log.find((s) => s.id === row.clientId)!.body).toEqual({
      id: row.clientId,
      name: 'A',
    })
    expect(await db.outbox.count()).toBe(0)
  })

  it('a row older than the previous version is upgraded on the device, in Dexie, under the same key', async () => {
    setPayloadSchema(build3)
    // The server refuses everything, so the rows stay in Dexie to be looked at after their send.
    blade.state.faults.push(() => answers.business('停'))
    const kol = await storeRowOfBuild(1, {
      ...target('kol'),
      op: 'submit',
      payload: { name: 'A', note: 'x' },
    })
    const stock = await storeRowOfBuild(1, {
      ...target('stock'),
      op: 'submit',
      payload: { qty: '4' },
    })
    const previous = await storeRowOfBuild(2, {
      ...target('stock'),
      op: 'submit',
      payload: { qty: '5' },
    })
    await syncNow()
    const sent = new Map(blade.state.log.map((s) => [s.key, s]))
    expect(sent.get(kol.key)).toMatchObject({
      payloadVersion: '3',
      body: { id: kol.clientId, kolName: 'A', note: 'x' },
    })
    expect(sent.get(kol.key)!.body).not.toHaveProperty('name')
    expect(sent.get(stock.key)).toMatchObject({
      payloadVersion: '3',
      body: { id: stock.clientId, qty: 4 },
    })
    // The previous version is still accepted: it goes as it is, and the server upgrades it.
    expect(sent.get(previous.key)).toMatchObject({
      payloadVersion: '2',
      body: { id: previous.clientId, qty: '5' },
    })
    expect(await db.outbox.get(kol.key)).toMatchObject({
      payload: { kolName: 'A', note: 'x' },
      payloadSchemaVersion: 3,
      state: 'rejected',
    })
    expect(await db.outbox.get(stock.key)).toMatchObject({
      payload: { qty: 4 },
      payloadSchemaVersion: 3,
    })
    expect(await db.outbox.get(previous.key)).toMatchObject({
      payload: { qty: '5' },
      payloadSchemaVersion: 2,
    })
  })

  it('a row edited by the user holds the payload version of the build whose form made the edit', async () => {
    const row = await storeRowOfBuild(1, { ...target('kol'), op: 'submit', payload: { name: 'A' } })
    setPayloadSchema({ current: 2, steps: build3.steps })
    blade.state.offline = true
    const key = await editRow(row.key, { kolName: 'A2' })
    expect(await db.outbox.get(key!)).toMatchObject({
      payload: { kolName: 'A2' },
      payloadSchemaVersion: 2,
    })
  })

  it('a payload no upgrader can read is rejected on the device, kept and never sent', async () => {
    setPayloadSchema({
      current: 3,
      steps: {
        2: {
          kol: () => {
            throw new Error('no name')
          },
        },
      },
    })
    const row = await storeRowOfBuild(1, { ...target('kol'), op: 'submit', payload: {} })
    await syncNow()
    expect(blade.state.log).toEqual([])
    expect(await db.outbox.get(row.key)).toMatchObject({
      state: 'rejected',
      payloadSchemaVersion: 1,
      lastError: '这条离线修改无法转换为当前版本的格式，请编辑或放弃',
    })
  })

  it('a version the server refuses is rejected and kept, with the shared message in the user language', async () => {
    blade.state.faults.push(() =>
      HttpResponse.json(
        {
          code: 400,
          success: false,
          data: refusedVersionData('tooNew'),
          msg: '客户端版本比服务器新，请稍后重试',
        },
        { status: 400 },
      ),
    )
    i18n.loadAndActivate({ locale: 'en', messages: enMessages })
    const row = await enqueue({ ...target('stock'), op: 'submit', payload: { qty: 1 } })
    await syncNow()
    expect(await db.outbox.get(row.key)).toMatchObject({
      state: 'rejected',
      lastError: 'This app version is newer than the server. Please try again later.',
    })
    i18n.loadAndActivate({ locale: 'zh', messages: zhMessages })
    blade.state.faults[0] = () =>
      HttpResponse.json(
        {
          code: 400,
          success: false,
          data: refusedVersionData('tooOld'),
          msg: '客户端版本过旧，请刷新页面后重试',
        },
        { status: 400 },
      )
    const other = await enqueue({ ...target('kol'), op: 'submit', payload: {} })
    await syncNow()
    expect(await db.outbox.get(other.key)).toMatchObject({
      state: 'rejected',
      lastError: '客户端版本过旧，请刷新页面后重试',
    })
    expect(blade.state.effects).toBe(0)
  })
})
