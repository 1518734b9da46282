// Products (商品, /api/product/product): the generic endpoints with the product rules (hooks), a
// list whose size is capped at 100 (docs/product.md §7), and the single products a combo picks its
// parts from.
import { PRODUCT_COMBO, PRODUCT_LIST_MAX, product } from '../../../src/domain/product/product.ts'
import { button } from '../../core/access.ts'
import type { CrudOptions } from '../../crud/options.ts'
import { pickerRoute } from '../../crud/picker.ts'
import { listRows } from '../../crud/read.ts'
import { ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, type Module } from '../../core/routes.ts'
import { beforeProductRemove, beforeProductWrite, productRestore } from './product-rules.ts'

export const productCrud: Record<string, CrudOptions> = {
  [product.name]: {
    // `list` is this module's own (capped size); the screen pages through `page` (the engine's cap).
    routes: ['page', 'detail', 'submit', 'save', 'update', 'remove', 'export', 'import'],
    beforeWrite: beforeProductWrite,
    beforeRemove: beforeProductRemove,
    ...productRestore,
    // A combo row of an import names singles listed above it in the same file.
    importInOrder: true,
    // ...and may name one that is nowhere: refused then with nothing written.
    importAtomic: true,
  },
}

/**
 * A larger size is capped, not refused: a caller asking for 500 gets pages of 100 and the page
 * count that goes with them. -1 (Blade's "all") is capped too. Anything else the engine judges.
 */
function cappedSize(size: string | undefined): string | undefined {
  if (size === undefined || size === '') return size
  const n = Number(size)
  if (n === -1 || (Number.isInteger(n) && n > PRODUCT_LIST_MAX)) return String(PRODUCT_LIST_MAX)
  return size
}

export const productModule: Module = (ctx) => [
  {
    method: 'GET',
    url: `${product.api}/list`,
    access: button(product.permission),
    handler: async (req) => {
      const query = params(req)
      const size = cappedSize(query.size)
      return ok(
        await listRows(ctx, product, caller(req), size === undefined ? query : { ...query, size }),
      )
    },
  },
  // Single products for the combo picker, labelled "SKU name".
  pickerRoute(ctx, {
    url: `${product.api}/select`,
    access: button(product.permission),
    table: product.table,
    columns: ['id', 'sku_no', 'product_name', 'item_number'],
    where: (q) => q.where('product_is_mix', '<>', PRODUCT_COMBO),
    orderBy: [['sku_no', 'asc']],
    limit: PRODUCT_LIST_MAX,
    map: (r) => ({
      ...r,
      label: r.productName ? `${String(r.skuNo)} ${String(r.productName)}` : String(r.skuNo),
    }),
  }),
]
