// Real products of tenant 000000 (the house brand DMR): the three SKUs of the seeded stock count
// (field.ts), a few more, and one combo of two of them. Idempotent by stable ids (by SKU).
import type { Insertable, Kysely } from 'kysely'
import { now } from '../core/dates.ts'
import type { DB, ProductTable } from '../db/schema.ts'
import { DEPT_OFFICE, TENANT_ID, USER_OFFICE } from './ids.ts'
import { stableId } from './stable-id.ts'

type ProductSeed = Omit<
  Insertable<ProductTable>,
  | 'id'
  | 'tenantId'
  | 'version'
  | 'status'
  | 'isDeleted'
  | 'createUser'
  | 'createDept'
  | 'createTime'
  | 'updateUser'
  | 'updateTime'
>

const aoDai = (size: 'S' | 'M' | 'L', quantity: number): ProductSeed => ({
  skuNo: `DMR-AO-DAI-${size}-RED`,
  productName: `红色真丝奥黛 ${size}码`,
  productNameForeign: `Áo dài lụa đỏ size ${size}`,
  itemNumber: 'AD2026',
  itemNumberForeign: 'AD2026',
  productSeries: '新春系列',
  productSeriesForeign: 'Bộ sưu tập Tết',
  productSize: size,
  productSizeForeign: size,
  productColor: '红色',
  productColorForeign: 'Đỏ',
  productLevel: '合格品',
  productLevelForeign: 'Đạt chuẩn',
  productSafeType: 'B类',
  productSafeTypeForeign: 'Loại B',
  productWashingMethod: '手洗，不可漂白，低温熨烫',
  productWashingMethodForeign: 'Giặt tay, không tẩy, ủi nhiệt độ thấp',
  productComposition: '桑蚕丝 100%',
  productCompositionForeign: 'Lụa tơ tằm 100%',
  productQuantity: quantity,
  productPrice: 850000,
  skuBarcode: `893600100${size === 'S' ? '1' : size === 'M' ? '2' : '3'}001`,
})

const PRODUCTS: ProductSeed[] = [
  aoDai('S', 24),
  aoDai('M', 31),
  aoDai('L', 18),
  {
    skuNo: 'DMR-NON-LA-01',
    productName: '传统斗笠',
    productNameForeign: 'Nón lá truyền thống',
    itemNumber: 'NL100',
    itemNumberForeign: 'NL100',
    productSeries: '传统手工',
    productSeriesForeign: 'Thủ công truyền thống',
    productSize: '均码',
    productSizeForeign: 'Free size',
    productColor: '本色',
    productColorForeign: 'Màu tự nhiên',
    productLevel: '合格品',
    productLevelForeign: 'Đạt chuẩn',
    productSafeType: 'C类',
    productSafeTypeForeign: 'Loại C',
    productWashingMethod: '不可水洗，干布擦拭',
    productWashingMethodForeign: 'Không giặt, lau bằng khăn khô',
    productComposition: '棕榈叶、竹',
    productCompositionForeign: 'Lá cọ, tre',
    productQuantity: 12,
    productPrice: 120000,
    skuBarcode: '8936001004001',
  },
  {
    skuNo: 'DMR-SET-AO-DAI-S-NON-LA',
    productIsMix: 1,
    productComboSku: JSON.stringify([
      { skuNo: 'DMR-AO-DAI-S-RED', productQuantity: 1 },
      { skuNo: 'DMR-NON-LA-01', productQuantity: 1 },
    ]),
    productName: '奥黛斗笠套装 S码',
    productNameForeign: 'Bộ áo dài và nón lá size S',
    itemNumber: 'SET2026',
    itemNumberForeign: 'SET2026',
    productSeries: '新春系列',
    productSeriesForeign: 'Bộ sưu tập Tết',
    productSize: 'S',
    productSizeForeign: 'S',
    productQuantity: 10,
    productPrice: 920000,
  },
]

export async function seedProducts(db: Kysely<DB>): Promise<void> {
  const t = now()
  const office = {
    tenantId: TENANT_ID,
    createUser: USER_OFFICE,
    createDept: DEPT_OFFICE,
    createTime: t,
    updateUser: USER_OFFICE,
    updateTime: t,
  }
  // The house brand's label as the dictionary has it (seeded before this part).
  const brand = await db
    .selectFrom('bladeDictBiz')
    .select('dictValue')
    .where('tenantId', '=', TENANT_ID)
    .where('code', '=', 'brand')
    .where('dictKey', '=', 'dmr')
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
  for (const p of PRODUCTS) {
    const id = stableId('product', `${TENANT_ID}/${p.skuNo}`)
    if (await db.selectFrom('dmrProduct').select('id').where('id', '=', id).executeTakeFirst())
      continue
    // A live product of that SKU made by someone else is theirs: the seed adds nothing next to it.
    if (
      await db
        .selectFrom('dmrProduct')
        .select('id')
        .where('tenantId', '=', TENANT_ID)
        .where('skuNo', '=', p.skuNo)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
    )
      continue
    await db
      .insertInto('dmrProduct')
      .values({
        ...office,
        productIsMix: 0,
        ...p,
        id,
        productBrandKey: 'dmr',
        productBrandValue: brand?.dictValue ?? 'DMR',
      })
      .execute()
  }
}
