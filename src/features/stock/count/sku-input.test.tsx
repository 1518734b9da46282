// The count screen's SKU input: it offers the tenant's products (SKU with name) from every page of
// the product list and the SKUs it already knows; choosing one fills the SKU without committing.
// After one online visit the product list is in the persisted read cache, and offers the same
// SKUs offline.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import {
  createQueryPersister,
  persistOptions,
  QUERY_CACHE_MAX_AGE,
} from '@/offline/query-persister'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import { productSkusQuery } from './product-skus'
import { SkuInput, skuOptions, suggest } from './sku-input'

// 120 products: the list answers at most 100 a call, so the second page must be read too.
const PRODUCTS = [
  { skuNo: 'DMR-NON-LA-01', productName: '传统斗笠', itemNumber: 'NL100' },
  { skuNo: 'DMR-AO-DAI-S-RED', productName: '红色真丝奥黛 S码', itemNumber: 'AD2026' },
  ...Array.from({ length: 117 }, (_, i) => ({
    skuNo: `BULK-${String(i).padStart(3, '0')}`,
    productName: `批量商品 ${i}`,
    itemNumber: '',
  })),
  { skuNo: 'ZZ-LAST-PAGE', productName: '末页商品', itemNumber: 'Z1' },
]
let offline = false
const calls: string[] = []

setupMsw(
  mock.get(`${API}/product/product/list`, ({ request }) => {
    if (offline) return HttpResponse.error()
    const q = new URL(request.url).searchParams
    calls.push(`${q.get('current')}/${q.get('size')}`)
    const size = Math.min(Number(q.get('size')), 100)
    const current = Number(q.get('current'))
    const records = PRODUCTS.slice((current - 1) * size, current * size)
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        records,
        total: PRODUCTS.length,
        size,
        current,
        pages: Math.ceil(PRODUCTS.length / size),
      },
    })
  }),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  offline = false
  calls.length = 0
  await resetOfflineDb()
  signIn()
})

// The persister packages are typed against another copy of query-core; the client is the app's (same API at runtime).
const core = (qc: QueryClient) =>
  qc as unknown as Parameters<typeof persistQueryClientSave>[0]['queryClient']
const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: QUERY_CACHE_MAX_AGE } } })

function Harness({ onCommit }: { onCommit: (sku: string) => void }) {
  const [value, setValue] = useState('')
  return (
    <>
      <SkuInput
        value={value}
        onChange={setValue}
        onCommit={onCommit}
        known={['OLD-SKU-9', 'DMR-NON-LA-01']}
      />
      <output data-testid="sku-value">{value}</output>
    </>
  )
}

function renderInput(client: QueryClient, onCommit = vi.fn()) {
  const view = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <Harness onCommit={onCommit} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  )
  return { ...view, onCommit }
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent)

describe('SKU input', () => {
  it('offers product SKUs with their names from every page, and the known SKUs; choosing fills the SKU only', async () => {
    const u = userEvent.setup()
    const client = newClient()
    const { onCommit } = renderInput(client)
    await waitFor(() =>
      expect(client.getQueryData(productSkusQuery().queryKey)).toHaveLength(PRODUCTS.length),
    )
    expect(calls).toEqual(['1/100', '2/100'])
    const input = screen.getByRole('combobox', { name: 'SKU编号' })

    // By product name, with the SKU and the name shown.
    await u.type(input, '斗笠')
    expect(await screen.findByRole('option', { name: /DMR-NON-LA-01/ })).toBeTruthy()
    expect(optionNames()).toEqual(['DMR-NON-LA-01传统斗笠'])

    // A product of the second page, and a known SKU that is no product (no name).
    await u.clear(input)
    await u.type(input, 'last')
    expect(await screen.findByRole('option', { name: /ZZ-LAST-PAGE/ })).toBeTruthy()
    await u.clear(input)
    await u.type(input, 'old')
    await waitFor(() => expect(optionNames()).toEqual(['OLD-SKU-9']))

    // Choosing a suggestion fills the field; only Enter commits.
    await u.clear(input)
    await u.type(input, 'dmr-ao')
    await u.click(await screen.findByRole('option', { name: /DMR-AO-DAI-S-RED/ }))
    expect(screen.getByTestId('sku-value').textContent).toBe('DMR-AO-DAI-S-RED')
    expect(onCommit).not.toHaveBeenCalled()
    await u.type(input, '{Enter}')
    expect(onCommit).toHaveBeenCalledWith('DMR-AO-DAI-S-RED')
  })

  it('offline, offers the products of the persisted read cache of an earlier online visit', async () => {
    const u = userEvent.setup()
    const persister = createQueryPersister({ throttleMs: 0 })
    // Online once: the list is loaded and the read cache saved, as the app's persister does.
    const online = newClient()
    const first = renderInput(online)
    await waitFor(() =>
      expect(online.getQueryData(productSkusQuery().queryKey)).toHaveLength(PRODUCTS.length),
    )
    await persistQueryClientSave({
      queryClient: core(online),
      persister,
      buster: persistOptions.buster,
      dehydrateOptions: persistOptions.dehydrateOptions,
    })
    await persister.flush()
    first.unmount()

    // A reload offline: the cache is restored into a new client; the network fails.
    offline = true
    calls.length = 0
    const restored = newClient()
    await persistQueryClientRestore({
      queryClient: core(restored),
      persister,
      buster: persistOptions.buster,
      maxAge: persistOptions.maxAge,
    })
    renderInput(restored)
    const input = screen.getByRole('combobox', { name: 'SKU编号' })
    await u.type(input, 'NON-LA')
    expect(await screen.findByRole('option', { name: /DMR-NON-LA-01/ })).toBeTruthy()
    expect(optionNames()).toEqual(['DMR-NON-LA-01传统斗笠'])
    expect(calls).toEqual([])
  })
})

describe('suggest', () => {
  const options = skuOptions(
    [
      { skuNo: 'DMR-NON-LA-01', productName: '传统斗笠', itemNumber: '' },
      { skuNo: 'AB-DMR', productName: '', itemNumber: '' },
    ],
    ['DMR-NON-LA-01', 'DMR-X', ''],
  )

  it('merges products and known SKUs once each, products first', () => {
    expect(options).toEqual([
      { skuNo: 'DMR-NON-LA-01', productName: '传统斗笠' },
      { skuNo: 'AB-DMR' },
      { skuNo: 'DMR-X' },
    ])
  })

  it('matches SKU or name, case-insensitive, SKUs that start with the text first; nothing for blank', () => {
    expect(suggest(options, 'dmr').map((o) => o.skuNo)).toEqual([
      'DMR-NON-LA-01',
      'DMR-X',
      'AB-DMR',
    ])
    expect(suggest(options, '斗笠').map((o) => o.skuNo)).toEqual(['DMR-NON-LA-01'])
    expect(suggest(options, '  ')).toEqual([])
  })
})
