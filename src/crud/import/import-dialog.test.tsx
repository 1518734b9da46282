// The import dialog against msw: the Import button shows for `<perm>_import` only; a chosen file is
// previewed (mapping with unmatched and missing columns marked), imported with the server's
// progress polled, and ends with the counts; a refused file shows its row errors and downloads them.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { tkOrder } from '@/domain/order/tk-order'
import { API, setupMsw } from '@/test/msw'
import { entityHandlers, TOTAL } from '@/test/conformance-fixtures'
import { CrudScreen } from '../crud-screen'
import { renderScreen } from '@/test/render-screen'

const base = `${API}${tkOrder.api}`
const posted: { preview: boolean; importId: string | null; file: string }[] = []
let polls = 0
let refuse = false

const preview = {
  columns: [
    { index: 0, header: 'Order ID', field: 'orderId', label: '订单号' },
    { index: 1, header: 'SKU ID', field: 'skuId', label: 'SKU ID' },
    { index: 2, header: 'Warehouse', field: null, label: null },
  ],
  missing: ['Created Time'],
  rows: [{ row: 2, values: { orderId: '5760001', skuId: '1729001' }, errors: [] }],
}

/** The multipart body's importId field and file name (undici's formData() cannot parse jsdom's File parts). */
async function partsOf(request: Request) {
  const text = await request.text()
  return {
    importId: /name="importId"\r\n\r\n([^\r]*)/.exec(text)?.[1] ?? null,
    file: /name="file"; filename="([^"]*)"/.exec(text)?.[1] ?? '',
  }
}

const server = setupMsw(
  ...entityHandlers(tkOrder),
  mock.post(`${base}/import`, async ({ request }) => {
    const form = await partsOf(request)
    const isPreview = new URL(request.url).searchParams.get('preview') === '1'
    posted.push({ preview: isPreview, ...form })
    if (isPreview)
      return HttpResponse.json({
        code: 200,
        success: true,
        msg: '操作成功',
        data: refuse ? { ...preview, missing: [] } : preview,
      })
    // The poll gets a chance to see the write phase before the answer comes.
    await new Promise((r) => setTimeout(r, 900))
    if (refuse)
      return HttpResponse.json(
        {
          code: 400,
          success: false,
          msg: '导入失败，共 2 处错误，未写入任何数据',
          data: {
            importId: 'imp-1',
            errorCount: 2,
            errors: [
              { row: 3, column: 'Quantity', message: '不是有效的数字: two' },
              { row: 5, column: 'Created Time', message: '不是有效的日期时间' },
            ],
          },
        },
        { status: 400 },
      )
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { importId: form.importId, total: 3, inserted: 2, updated: 1, unchanged: 0 },
    })
  }),
  mock.get(`${base}/import-progress`, () => {
    polls++
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { phase: 'write', processed: 2, total: 3 },
    })
  }),
  mock.get(`${base}/import-errors`, ({ request }) => {
    posted.push({
      preview: false,
      importId: new URL(request.url).searchParams.get('importId'),
      file: 'errors',
    })
    return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    })
  }),
)
vi.setConfig({ testTimeout: 20_000 })

beforeEach(() => {
  posted.length = 0
  polls = 0
  refuse = false
  sessionStore.login({ access_token: 'token', tenant_id: '000000', user_id: '7' })
  sessionStore.setPermission({ tk_order_import: true, tk_order_view: true })
  URL.createObjectURL = vi.fn(() => 'blob:x')
  URL.revokeObjectURL = vi.fn()
})

const file = () => new File(['Order ID,SKU ID\n1,2'], 'tk.csv', { type: 'text/csv' })

async function openDialog() {
  const u = userEvent.setup()
  renderScreen(() => <CrudScreen entity={tkOrder} />, '/?current=1&size=10')
  await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
  await u.click(screen.getByRole('button', { name: '导入' }))
  const dialog = await screen.findByRole('dialog', { name: '导入TK订单' })
  return { u, dialog }
}

it('hides the import button without the import permission', async () => {
  sessionStore.setPermission({ tk_order_view: true })
  renderScreen(() => <CrudScreen entity={tkOrder} />, '/?current=1&size=10')
  await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
  expect(screen.queryByRole('button', { name: '导入' })).toBeNull()
})

it('previews the mapping, marks missing columns and blocks the import', async () => {
  const { u, dialog } = await openDialog()
  await u.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file())
  expect(await within(dialog).findByText('文件缺少这些列，无法导入: Created Time')).toBeTruthy()
  expect(within(dialog).getByText('Order ID → 订单号')).toBeTruthy()
  expect(within(dialog).getByText('Warehouse · 未匹配')).toBeTruthy()
  expect(
    within(within(dialog).getByRole('table', { name: '导入预览' })).getByText('5760001'),
  ).toBeTruthy()
  expect(within(dialog).getByRole('button', { name: '开始导入' })).toHaveProperty('disabled', true)
  expect(posted).toEqual([{ preview: true, importId: null, file: 'tk.csv' }])
})

it('imports with the server progress and shows the counts', async () => {
  refuse = false
  server.use(
    mock.post(`${base}/import`, async ({ request }) => {
      const form = await partsOf(request)
      const isPreview = new URL(request.url).searchParams.get('preview') === '1'
      posted.push({ preview: isPreview, ...form })
      if (isPreview)
        return HttpResponse.json({
          code: 200,
          success: true,
          msg: '操作成功',
          data: { ...preview, missing: [] },
        })
      await new Promise((r) => setTimeout(r, 1600))
      return HttpResponse.json({
        code: 200,
        success: true,
        msg: '操作成功',
        data: { importId: form.importId, total: 3, inserted: 2, updated: 1, unchanged: 0 },
      })
    }),
  )
  const { u, dialog } = await openDialog()
  await u.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file())
  await u.click(await within(dialog).findByRole('button', { name: '开始导入' }))
  expect(
    await within(dialog).findByText('正在写入… 2 / 3 行', undefined, { timeout: 5000 }),
  ).toBeTruthy()
  expect(await within(dialog).findByText('导入完成', undefined, { timeout: 5000 })).toBeTruthy()
  const counts = within(dialog).getByRole('status')
  expect(counts.textContent).toBe('总行数3新增2更新1未变化0')
  expect(polls).toBeGreaterThan(0)
  expect(posted[1]).toMatchObject({ preview: false, file: 'tk.csv' })
  expect(posted[1]!.importId).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
})

it('shows the row errors of a refused file and downloads them', async () => {
  refuse = true
  const { u, dialog } = await openDialog()
  await u.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file())
  await u.click(await within(dialog).findByRole('button', { name: '开始导入' }))
  expect(
    await within(dialog).findByText('导入失败，共 2 处错误，未写入任何数据', undefined, {
      timeout: 5000,
    }),
  ).toBeTruthy()
  const table = within(dialog).getByRole('table', { name: '错误明细' })
  expect(
    within(table)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual(['行号列错误信息', '3Quantity不是有效的数字: two', '5Created Time不是有效的日期时间'])
  await u.click(within(dialog).getByRole('button', { name: '下载错误明细' }))
  await waitFor(() =>
    expect(posted.at(-1)).toEqual({ preview: false, importId: 'imp-1', file: 'errors' }),
  )
})

it('refuses a file that is neither xlsx nor csv without calling the server', async () => {
  const { dialog } = await openDialog()
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement
  await userEvent
    .setup({ applyAccept: false })
    .upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }))
  expect(await within(dialog).findByRole('alert')).toHaveProperty(
    'textContent',
    '请选择 .xlsx 或 .csv 文件',
  )
  expect(posted).toEqual([])
})
