// The product screen: rows come from `page` (the capped `list` is for pickers and the SKU cache),
// and the combo parts appear only for a combo, picked from the single products of /select.
import { i18n } from '@lingui/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { product } from '@/domain/product/product'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import ProductScreen from './product-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const ROWS = [
  {
    id: '101',
    skuNo: 'DMR-NON-LA-01',
    productName: '传统斗笠',
    productIsMix: 0,
    productQuantity: 12,
    productPrice: 120000,
    productComboSku: [],
  },
  {
    id: '102',
    skuNo: 'DMR-SET-01',
    productName: '套装',
    productIsMix: 1,
    productQuantity: 3,
    productPrice: 920000,
    productComboSku: [{ skuNo: 'DMR-NON-LA-01', productQuantity: 1 }],
  },
]
const verbs: string[] = []
let submitted: Record<string, unknown> | null = null

setupMsw(
  mock.get(`${API}/product/product/:verb`, ({ params }) => {
    const verb = String(params.verb)
    verbs.push(verb)
    if (verb === 'select')
      return ok([{ id: '101', skuNo: 'DMR-NON-LA-01', label: 'DMR-NON-LA-01 传统斗笠' }])
    return ok({ records: ROWS, total: ROWS.length, size: 10, current: 1, pages: 1 })
  }),
  mock.post(`${API}/product/product/submit`, async ({ request }) => {
    submitted = (await request.json()) as Record<string, unknown>
    return ok({ ...submitted, id: '103' })
  }),
  mock.get(`${API}/blade-system/dict-biz/child-list`, () =>
    ok({ records: [{ dictKey: 'dmr', dictValue: 'DMR' }], total: 1 }),
  ),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  verbs.length = 0
  submitted = null
  await resetOfflineDb()
  signIn()
  sessionStore.setPermission({
    product_add: true,
    product_edit: true,
    product_view: true,
    product_delete: true,
  })
})

const label = (name: string) => i18n._(product.fields.find((f) => f.name === name)!.label)
const control = (root: HTMLElement, text: string) => {
  const all = within(root).getAllByLabelText(
    new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( \\*)?$`),
  )
  return all.find((el) => el.matches('input, textarea')) ?? all[0]!
}

describe('product screen', () => {
  it('lists through page, not the capped list', async () => {
    renderScreen(ProductScreen)
    expect(await screen.findByText('DMR-SET-01')).toBeTruthy()
    expect(verbs).toContain('page')
    expect(verbs).not.toContain('list')
  })

  it('a combo picks its parts from the single products; a single has none to pick', async () => {
    const u = userEvent.setup()
    renderScreen(ProductScreen)
    await screen.findByText('DMR-SET-01')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByRole('group', { name: label('productComboSku') })).toBeNull()

    for (const [name, value] of [
      ['skuNo', 'DMR-SET-02'],
      ['productQuantity', '5'],
      ['productPrice', '900000'],
    ] as const) {
      await u.click(control(dialog, label(name)))
      await u.paste(value)
    }
    await u.click(within(dialog).getByRole('radio', { name: '组合' }))
    const parts = await within(dialog).findByRole('group', { name: label('productComboSku') })
    await u.click(within(parts).getByRole('button', { name: '添加行' }))
    await u.click(control(dialog, 'SKU编号 1'))
    await u.click(await screen.findByRole('option', { name: 'DMR-NON-LA-01 传统斗笠' }))
    await u.clear(control(dialog, '数量 1'))
    await u.type(control(dialog, '数量 1'), '2')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(submitted).not.toBeNull())
    // The engine sends a radio's value as text; the server stores it as the declared integer.
    expect(submitted).toMatchObject({
      skuNo: 'DMR-SET-02',
      productComboSku: [{ skuNo: 'DMR-NON-LA-01', productQuantity: 2 }],
    })
    expect(String(submitted!.productIsMix)).toBe('1')
    expect(verbs).toContain('select')
  })
})
