// The tenant's product SKUs for typing a SKU (the stock count screen): every page of
// GET /api/product/product/list (the server answers at most 100 rows a call), kept small (SKU,
// name, item number) because the read cache persists it (query-persister.ts, docs/offline.md R23): after one
// online visit the list is on the device and works offline. The key sits under ['crud', 'product']
// so a product saved on the product screen refreshes it.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { http } from '@/api/http'
import { urlOf, type Page } from '@/crud/entity-api'
import { PRODUCT_LIST_MAX, product } from '@/domain/product/product'

export interface ProductSku {
  skuNo: string
  productName: string
  /** The product's item number, a count line's style number (productStyleNo). */
  itemNumber: string
}

/** A guard against a list that never ends (a server answering wrong page counts): 200 × 100 products. */
const MAX_PAGES = 200

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

async function fetchProductSkus(): Promise<ProductSku[]> {
  const out: ProductSku[] = []
  for (let current = 1; current <= MAX_PAGES; current++) {
    // Silent: offline or without the product menu, the count screen just suggests less.
    const page = await http.get<Page>(
      urlOf(product, 'list'),
      { current, size: PRODUCT_LIST_MAX, ascs: 'skuNo' },
      { silent: true },
    )
    const records = page?.records ?? []
    for (const r of records)
      out.push({
        skuNo: text(r.skuNo),
        productName: text(r.productName),
        itemNumber: text(r.itemNumber),
      })
    if (records.length === 0 || current >= Number(page?.pages ?? 0)) break
  }
  return out
}

export const productSkusQuery = () =>
  queryOptions({
    queryKey: ['crud', product.name, 'skus'] as const,
    queryFn: fetchProductSkus,
    // Products change rarely while counting; a failed refresh keeps the cached list.
    staleTime: 10 * 60 * 1000,
  })

/** Loads the list ahead of need (e.g. when the count screen opens), so it is cached for offline. */
export function prefetchProductSkus(client: QueryClient): Promise<void> {
  return client.prefetchQuery(productSkusQuery())
}

/** The cached product SKUs ([] until the first answer). */
export function useProductSkus(): ProductSku[] {
  return useQuery(productSkusQuery()).data ?? []
}

/** The product of a SKU as typed or scanned (trimmed, exact), if the list has it. */
export function findProduct(products: readonly ProductSku[], sku: string): ProductSku | undefined {
  const s = sku.trim()
  return s ? products.find((p) => p.skuNo === s) : undefined
}
