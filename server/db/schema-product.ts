// Kysely types of the product table of migration 008 (merged into DB in schema.ts).
import type { Generated } from 'kysely'
import type { BaseColumns } from './schema-base.ts'

export interface ProductTable extends BaseColumns {
  id: string
  tenantId: Generated<string>
  version: Generated<number>
  skuNo: string
  productQuantity: Generated<number>
  /** 0 single, 1 combo. */
  productIsMix: Generated<number>
  skuBarcode: string | null
  productPrice: number | null
  /** A combo's parts, JSON text of [{skuNo, productQuantity}]; null for a single product. */
  productComboSku: string | null
  productBrandKey: string | null
  productBrandValue: string | null
  productName: string | null
  productNameForeign: string | null
  itemNumber: string | null
  itemNumberForeign: string | null
  productSeries: string | null
  productSeriesForeign: string | null
  productSize: string | null
  productSizeForeign: string | null
  productColor: string | null
  productColorForeign: string | null
  productLevel: string | null
  productLevelForeign: string | null
  productSafeType: string | null
  productSafeTypeForeign: string | null
  productWashingMethod: string | null
  productWashingMethodForeign: string | null
  productComposition: string | null
  productCompositionForeign: string | null
}

export interface ProductTables {
  dmrProduct: ProductTable
}
