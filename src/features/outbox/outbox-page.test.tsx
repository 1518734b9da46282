// The outbox screen against the real Dexie table (fake-indexeddb): what it lists for whom, and what
// each action does to the queued rows (docs/offline.md R11, R19).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { setPayloadSchema } from '@/domain/payload-version'
import { renderScreen } from '@/test/render-screen'
import { db, type OutboxRow } from '@/offline/db'
import { enqueue } from '@/offline/outbox'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import { OutboxPage } from './outbox-page'

// The form's selects read their options; the screen needs nothing else from the server.
setupMsw(
  mock.get(`${API}/*`, () => HttpResponse.json({ code: 200, success: true, data: [], msg: '' })),
)

const line = { entity: 'stockDetail', api: '/stockDetail' }
const kol = { entity: 'kolFile', api: '/kolFile/kolFile' }

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn('1')
})
afterEach(() => {
  window.innerWidth = 1024
})

async function seed(): Promise<{ pending: OutboxRow; rejected: OutboxRow; conflict: OutboxRow }> {
  const pending = await enqueue({
    ...line,
    op: 'submit',
    payload: {
      dmrStockId: '42',
      skuNo: 'SKU-1',
      productQuantity: 3,
      warehousePosition: 'A1',
      deviceId: 'tab-1',
    },
  })
  const rejected = await enqueue({
    ...line,
    op: 'submit',
    payload: { dmrStockId: '42', skuNo: '', productQuantity: 1, deviceId: 'tab-1' },
  })
  await db.outbox.update(rejected.key, {
    state: 'rejected',
    lastError: 'SKU编号不能为空',
    attempts: 2,
  })
  const conflict = await enqueue({
    ...kol,
    op: 'update',
    clientId: '7001',
    baseVersion: 2,
    payload: { kolName: 'Mine', tkUserName: 'tk7001' },
  })
  await db.outbox.update(conflict.key, {
    state: 'conflict',
    lastError: '数据已被他人修改',
    serverRecord: { id: '7001', kolName: 'Theirs', tkUserName: 'tk7001', version: 5 },
  })
  // Another user's row on this device: quarantined, never listed here.
  await db.outbox.add({ ...pending, key: 'other-user-row', seq: 99, userId: '2', clientId: '9999' })
  return { pending, rejected, conflict: (await db.outbox.get(conflict.key))! }
}

const rowsShown = () => screen.findAllByTestId('outbox-row')
const rowOf = async (key: string) =>
  (await rowsShown()).find((r) => r.getAttribute('data-key') === key)!

describe('outbox screen', () => {
  it("lists the user's rows with entity title, operation, state, attempts and error, not another user's", async () => {
    const { pending, rejected, conflict } = await seed()
    renderScreen(OutboxPage)
    await waitFor(() => expect(screen.queryAllByTestId('outbox-row')).toHaveLength(3))
    expect((await rowsShown()).map((r) => r.getAttribute('data-key'))).toEqual([
      pending.key,
      rejected.key,
      conflict.key,
    ])
    const r = await rowOf(rejected.key)
    expect(within(r).getByText('盘点明细')).toBeTruthy()
    expect(within(r).getByText('新增')).toBeTruthy()
    expect(within(r).getByText('被拒绝')).toBeTruthy()
    expect(within(r).getByText('SKU编号不能为空')).toBeTruthy()
    expect(within(r).getByText('2')).toBeTruthy()
    expect(within(await rowOf(conflict.key)).getByText('修改')).toBeTruthy()
    expect(screen.queryByText('9999')).toBeNull()
    expect(screen.getByText(/其他用户的待同步数据/)).toBeTruthy()
  })

  it('shows cards on a phone', async () => {
    window.innerWidth = 375
    await seed()
    const view = renderScreen(OutboxPage)
    await waitFor(() => expect(screen.queryAllByTestId('outbox-row')).toHaveLength(3))
    expect(view.container.querySelector('table')).toBeNull()
  })

  it('discards a row only after confirmation', async () => {
    const { pending } = await seed()
    renderScreen(OutboxPage)
    const user = userEvent.setup()
    await user.click(within(await rowOf(pending.key)).getByRole('button', { name: '丢弃' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }),
    )
    expect(await db.outbox.get(pending.key)).toBeDefined()
    await user.click(within(await rowOf(pending.key)).getByRole('button', { name: '丢弃' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    )
    await waitFor(async () => expect(await db.outbox.get(pending.key)).toBeUndefined())
    await waitFor(() => expect(screen.queryAllByTestId('outbox-row')).toHaveLength(2))
  })

  it('retries a rejected row', async () => {
    const { rejected } = await seed()
    renderScreen(OutboxPage)
    await userEvent
      .setup()
      .click(within(await rowOf(rejected.key)).getByRole('button', { name: '重试' }))
    await waitFor(async () =>
      expect(await db.outbox.get(rejected.key)).toMatchObject({
        state: 'pending',
        lastError: null,
      }),
    )
  })

  it("shows the server's record beside mine and keeps mine on top of the server's version", async () => {
    const { conflict } = await seed()
    renderScreen(OutboxPage)
    const user = userEvent.setup()
    await user.click(within(await rowOf(conflict.key)).getByRole('button', { name: '处理冲突' }))
    const dialog = await screen.findByRole('dialog')
    const name = within(within(dialog).getByTestId('conflict-table'))
      .getByText('达人名称')
      .closest('tr')!
    expect(name.getAttribute('data-differs')).toBe('true')
    expect(within(name).getByText('Mine')).toBeTruthy()
    expect(within(name).getByText('Theirs')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: '保留我的' }))
    await waitFor(async () => expect(await db.outbox.get(conflict.key)).toBeUndefined())
    const [mine] = (await db.outbox.toArray()).filter((r) => r.entity === 'kolFile')
    expect(mine).toMatchObject({
      state: 'pending',
      baseVersion: 5,
      payload: { kolName: 'Mine' },
      seq: conflict.seq,
    })
  })

  it("takes the server's record: my change leaves the queue", async () => {
    const { conflict } = await seed()
    renderScreen(OutboxPage)
    const user = userEvent.setup()
    await user.click(within(await rowOf(conflict.key)).getByRole('button', { name: '处理冲突' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '采用服务器的' }),
    )
    await waitFor(async () =>
      expect((await db.outbox.toArray()).filter((r) => r.entity === 'kolFile')).toEqual([]),
    )
  })

  it("edits a rejected row in the entity's form, validated by the declaration", async () => {
    const { rejected } = await seed()
    renderScreen(OutboxPage)
    const user = userEvent.setup()
    await user.click(within(await rowOf(rejected.key)).getByRole('button', { name: '编辑' }))
    const form = await screen.findByTestId('outbox-edit-form')
    await user.click(within(form).getByRole('button', { name: '保存并重新同步' }))
    expect(await within(form).findByText('SKU编号不能为空')).toBeTruthy()
    expect(await db.outbox.get(rejected.key)).toMatchObject({ state: 'rejected' })
    await user.type(within(form).getByRole('textbox', { name: /SKU编号/ }), 'SKU-9')
    await user.click(within(form).getByRole('button', { name: '保存并重新同步' }))
    await waitFor(async () => expect(await db.outbox.get(rejected.key)).toBeUndefined())
    const edited = (await db.outbox.toArray()).find((r) => r.seq === rejected.seq)
    // The device id is no form field of the dialog but stays in the payload.
    expect(edited).toMatchObject({
      state: 'pending',
      clientId: rejected.clientId,
      payload: { skuNo: 'SKU-9', productQuantity: 1, dmrStockId: '42', deviceId: 'tab-1' },
    })
  })

  it('shows a row queued by an older build in the current payload shape and saves it as current', async () => {
    // This build pretends to be N+1, whose step renamed the line's `sku` to `skuNo`.
    setPayloadSchema({
      current: 2,
      steps: { 2: { stockDetail: ({ sku, ...rest }) => ({ ...rest, skuNo: sku }) } },
    })
    try {
      const old = await enqueue({
        ...line,
        op: 'submit',
        payload: { dmrStockId: '42', sku: 'OLD-SKU', productQuantity: 2, deviceId: 'tab-1' },
      })
      await db.outbox.update(old.key, {
        state: 'rejected',
        lastError: 'x',
        payloadSchemaVersion: 1,
      })
      renderScreen(OutboxPage)
      const user = userEvent.setup()
      await user.click(within(await rowOf(old.key)).getByRole('button', { name: '编辑' }))
      const form = await screen.findByTestId('outbox-edit-form')
      expect(within(form).getByRole('textbox', { name: /SKU编号/ })).toHaveProperty(
        'value',
        'OLD-SKU',
      )
      await user.click(within(form).getByRole('button', { name: '保存并重新同步' }))
      await waitFor(async () => expect(await db.outbox.get(old.key)).toBeUndefined())
      const edited = (await db.outbox.toArray()).find((r) => r.seq === old.seq)
      expect(edited).toMatchObject({
        payloadSchemaVersion: 2,
        payload: { skuNo: 'OLD-SKU', productQuantity: 2 },
      })
      expect(edited?.payload).not.toHaveProperty('sku')
    } finally {
      setPayloadSchema(null)
    }
  })

  it('says so when nothing is queued', async () => {
    renderScreen(OutboxPage)
    expect(await screen.findByText('没有待同步的数据')).toBeTruthy()
  })
})
