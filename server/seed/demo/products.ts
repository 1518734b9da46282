// Demo part: a few hundred products on top of the reference ones (seed/product.ts): singles of the
// five dictionary brands in their sizes and colours, and combos of two or three singles of a brand
// priced a tenth below their parts.
import type { Insertable } from 'kysely'
import { PRODUCT_COMBO, PRODUCT_SINGLE } from '../../../src/domain/product/product.ts'
import type { ProductTable } from '../../db/schema.ts'
import { DEPT_OFFICE, USER_OFFICE } from '../ids.ts'
import { daysBefore } from './clock.ts'
import { draws, type Draws } from './random.ts'
import { demoId, insertRows, made } from './rows.ts'
import type { DemoPart } from './types.ts'

type Pair = readonly [zh: string, vi: string]

interface Style {
  code: string
  name: Pair
  brand: string
  series: Pair
  sizes: readonly string[]
  composition: Pair
  washing: Pair
  safeType: Pair
  price: readonly [number, number]
  /** How many models (item numbers) of the style. */
  models: number
}

const HAND_WASH: Pair = ['手洗，不可漂白，低温熨烫', 'Giặt tay, không tẩy, ủi nhiệt độ thấp']
const MACHINE_WASH: Pair = ['30°C 机洗，不可烘干', 'Giặt máy 30°C, không sấy']
const WIPE: Pair = ['不可水洗，干布擦拭', 'Không giặt, lau bằng khăn khô']
const APPAREL: readonly string[] = ['S', 'M', 'L', 'XL']
const ONE_SIZE: readonly string[] = ['F']
const B: Pair = ['B类', 'Loại B']
const C: Pair = ['C类', 'Loại C']

const STYLES: readonly Style[] = [
  {
    code: 'AD',
    name: ['真丝奥黛', 'Áo dài lụa'],
    brand: 'dmr',
    series: ['新春系列', 'Bộ sưu tập Tết'],
    sizes: APPAREL,
    composition: ['桑蚕丝 100%', 'Lụa tơ tằm 100%'],
    washing: HAND_WASH,
    safeType: B,
    price: [650_000, 1_450_000],
    models: 6,
  },
  {
    code: 'AC',
    name: ['改良奥黛', 'Áo dài cách tân'],
    brand: 'dmr',
    series: ['都市系列', 'Bộ sưu tập Phố'],
    sizes: APPAREL,
    composition: ['棉 60% 聚酯纤维 40%', 'Cotton 60% polyester 40%'],
    washing: MACHINE_WASH,
    safeType: B,
    price: [380_000, 690_000],
    models: 5,
  },
  {
    code: 'KL',
    name: ['真丝围巾', 'Khăn lụa'],
    brand: 'hanoi_silk',
    series: ['丝语系列', 'Bộ sưu tập Lụa'],
    sizes: ONE_SIZE,
    composition: ['桑蚕丝 100%', 'Lụa tơ tằm 100%'],
    washing: HAND_WASH,
    safeType: B,
    price: [180_000, 420_000],
    models: 8,
  },
  {
    code: 'SL',
    name: ['真丝衬衫', 'Áo sơ mi lụa'],
    brand: 'hanoi_silk',
    series: ['丝语系列', 'Bộ sưu tập Lụa'],
    sizes: APPAREL,
    composition: ['桑蚕丝 90% 氨纶 10%', 'Lụa 90% spandex 10%'],
    washing: HAND_WASH,
    safeType: B,
    price: [520_000, 890_000],
    models: 4,
  },
  {
    code: 'VL',
    name: ['碎花连衣裙', 'Váy hoa nhí'],
    brand: 'lumi',
    series: ['夏日系列', 'Bộ sưu tập Hè'],
    sizes: APPAREL,
    composition: ['雪纺 100%', 'Voan 100%'],
    washing: HAND_WASH,
    safeType: B,
    price: [290_000, 560_000],
    models: 6,
  },
  {
    code: 'AT',
    name: ['纯棉T恤', 'Áo thun cotton'],
    brand: 'lumi',
    series: ['基础系列', 'Cơ bản'],
    sizes: APPAREL,
    composition: ['棉 100%', 'Cotton 100%'],
    washing: MACHINE_WASH,
    safeType: B,
    price: [129_000, 249_000],
    models: 5,
  },
  {
    code: 'SM',
    name: ['棉麻衬衫', 'Áo sơ mi linen'],
    brand: 'saigon_style',
    series: ['西贡系列', 'Sài Gòn'],
    sizes: APPAREL,
    composition: ['亚麻 55% 棉 45%', 'Linen 55% cotton 45%'],
    washing: MACHINE_WASH,
    safeType: B,
    price: [320_000, 520_000],
    models: 5,
  },
  {
    code: 'QR',
    name: ['阔腿裤', 'Quần ống rộng'],
    brand: 'saigon_style',
    series: ['西贡系列', 'Sài Gòn'],
    sizes: APPAREL,
    composition: ['亚麻 100%', 'Linen 100%'],
    washing: MACHINE_WASH,
    safeType: B,
    price: [280_000, 460_000],
    models: 4,
  },
  {
    code: 'TC',
    name: ['藤编手提包', 'Túi cói'],
    brand: 'saigon_style',
    series: ['手作系列', 'Thủ công'],
    sizes: ONE_SIZE,
    composition: ['水草 100%', 'Cói 100%'],
    washing: WIPE,
    safeType: C,
    price: [190_000, 390_000],
    models: 6,
  },
  {
    code: 'NL',
    name: ['刺绣斗笠', 'Nón lá thêu'],
    brand: 'dmr',
    series: ['传统手工', 'Thủ công truyền thống'],
    sizes: ONE_SIZE,
    composition: ['棕榈叶、竹', 'Lá cọ, tre'],
    washing: WIPE,
    safeType: C,
    price: [120_000, 260_000],
    models: 4,
  },
  {
    code: 'GO',
    name: ['亚麻抱枕套', 'Vỏ gối linen'],
    brand: 'lotus_home',
    series: ['莲家系列', 'Nhà Sen'],
    sizes: ['40', '45', '50'],
    composition: ['亚麻 100%', 'Linen 100%'],
    washing: MACHINE_WASH,
    safeType: C,
    price: [95_000, 189_000],
    models: 5,
  },
  {
    code: 'GT',
    name: ['竹编收纳篮', 'Giỏ tre đan'],
    brand: 'lotus_home',
    series: ['莲家系列', 'Nhà Sen'],
    sizes: ['S', 'M', 'L'],
    composition: ['竹 100%', 'Tre 100%'],
    washing: WIPE,
    safeType: C,
    price: [85_000, 240_000],
    models: 4,
  },
]

const COLORS: readonly (readonly [code: string, zh: string, vi: string])[] = [
  ['RED', '红色', 'Đỏ'],
  ['WHT', '白色', 'Trắng'],
  ['BLK', '黑色', 'Đen'],
  ['NVY', '藏青', 'Xanh than'],
  ['BEI', '米色', 'Be'],
  ['PNK', '粉色', 'Hồng'],
  ['YLW', '黄色', 'Vàng'],
  ['GRN', '绿色', 'Xanh lá'],
  ['PUR', '紫色', 'Tím'],
  ['BRN', '棕色', 'Nâu'],
]

const BRAND_PREFIX: Record<string, string> = {
  dmr: 'DMR',
  lumi: 'LUMI',
  saigon_style: 'SGS',
  hanoi_silk: 'HNS',
  lotus_home: 'LTH',
}

/** An EAN-13 of Vietnam's prefix 893 with its check digit. */
function barcode(n: number): string {
  const body = `893${String(n).padStart(9, '0')}`
  const sum = [...body].reduce((s, c, i) => s + Number(c) * (i % 2 ? 3 : 1), 0)
  return `${body}${(10 - (sum % 10)) % 10}`
}

type ProductRow = Insertable<ProductTable>

function singles(
  d: Draws,
  base: ReturnType<typeof made>,
  brands: Map<string, string>,
): ProductRow[] {
  const rows: ProductRow[] = []
  for (const style of STYLES) {
    for (let m = 1; m <= style.models; m++) {
      const itemNumber = `${style.code}${d.int(1, 9)}${String(m).padStart(2, '0')}${d.int(0, 9)}`
      const price = d.money(style.price[0], style.price[1], 10_000) - 1_000
      for (const [color, zh, vi] of d.sample(COLORS, d.int(1, 2))) {
        for (const size of style.sizes) {
          const n = rows.length
          rows.push({
            ...base,
            id: '',
            skuNo: `${BRAND_PREFIX[style.brand]}-${itemNumber}-${color}-${size}`,
            productIsMix: PRODUCT_SINGLE,
            productComboSku: null,
            productName: `${style.name[0]} ${zh} ${size}`,
            productNameForeign: `${style.name[1]} ${vi.toLowerCase()} size ${size}`,
            itemNumber,
            itemNumberForeign: itemNumber,
            productSeries: style.series[0],
            productSeriesForeign: style.series[1],
            productSize: size === 'F' ? '均码' : size,
            productSizeForeign: size === 'F' ? 'Free size' : size,
            productColor: zh,
            productColorForeign: vi,
            productLevel: '合格品',
            productLevelForeign: 'Đạt chuẩn',
            productSafeType: style.safeType[0],
            productSafeTypeForeign: style.safeType[1],
            productWashingMethod: style.washing[0],
            productWashingMethodForeign: style.washing[1],
            productComposition: style.composition[0],
            productCompositionForeign: style.composition[1],
            productQuantity: d.chance(0.08) ? 0 : d.int(3, 240),
            productPrice: price,
            skuBarcode: barcode(200_000 + n),
            productBrandKey: style.brand,
            productBrandValue: brands.get(style.brand) ?? style.brand,
          })
        }
      }
    }
  }
  return rows
}

/** Combos of two or three singles of one brand, at 90 % of their parts' price. */
function combos(
  d: Draws,
  base: ReturnType<typeof made>,
  parts: ProductRow[],
  count: number,
): ProductRow[] {
  const byBrand = new Map<string, ProductRow[]>()
  for (const p of parts)
    byBrand.set(String(p.productBrandKey), [...(byBrand.get(String(p.productBrandKey)) ?? []), p])
  const brands = [...byBrand.keys()]
  const rows: ProductRow[] = []
  const seen = new Set<string>()
  while (rows.length < count) {
    const brand = d.pick(brands)
    const chosen = d.sample(byBrand.get(brand)!, d.int(2, 3))
    const key = chosen
      .map((p) => p.skuNo)
      .sort()
      .join('+')
    // Two parts of one model (sizes of a shirt) make no set.
    if (seen.has(key) || new Set(chosen.map((p) => p.itemNumber)).size < chosen.length) continue
    seen.add(key)
    const quantities = chosen.map((p) =>
      Number(p.productPrice) < 150_000 && d.chance(0.4) ? 2 : 1,
    )
    const full = chosen.reduce((s, p, i) => s + Number(p.productPrice) * quantities[i]!, 0)
    const no = String(rows.length + 1).padStart(3, '0')
    rows.push({
      ...base,
      id: '',
      skuNo: `SET-${BRAND_PREFIX[brand]}-${no}`,
      productIsMix: PRODUCT_COMBO,
      productComboSku: JSON.stringify(
        chosen.map((p, i) => ({ skuNo: p.skuNo, productQuantity: quantities[i] })),
      ),
      productName: `${chosen.map((p) => String(p.productName).split(' ')[0]).join('+')} 套装`,
      productNameForeign: `Combo ${chosen.map((p) => String(p.productNameForeign).split(' size ')[0]).join(' + ')}`,
      itemNumber: `SET${no}`,
      itemNumberForeign: `SET${no}`,
      productSeries: chosen[0]!.productSeries,
      productSeriesForeign: chosen[0]!.productSeriesForeign,
      productSize: null,
      productSizeForeign: null,
      productColor: null,
      productColorForeign: null,
      productLevel: '合格品',
      productLevelForeign: 'Đạt chuẩn',
      productSafeType: null,
      productSafeTypeForeign: null,
      productWashingMethod: null,
      productWashingMethodForeign: null,
      productComposition: null,
      productCompositionForeign: null,
      productQuantity: d.int(0, 40),
      productPrice: Math.floor((full * 0.9) / 1000) * 1000,
      skuBarcode: null,
      productBrandKey: brand,
      productBrandValue: chosen[0]!.productBrandValue,
    })
  }
  return rows
}

export const demoProducts: DemoPart = {
  name: 'products',
  run: async ({ db, tenantId, today, random }) => {
    const d = draws(random)
    const base = made(tenantId, USER_OFFICE, DEPT_OFFICE, daysBefore(today, 95))
    const brands = new Map(
      (
        await db
          .selectFrom('bladeDictBiz')
          .select(['dictKey', 'dictValue'])
          .where('tenantId', '=', tenantId)
          .where('code', '=', 'brand')
          .where('parentId', '<>', '0')
          .where('isDeleted', '=', 0)
          .execute()
      ).map((r) => [r.dictKey, r.dictValue]),
    )
    const taken = new Set(
      (
        await db
          .selectFrom('dmrProduct')
          .select('skuNo')
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0)
          .execute()
      ).map((r) => r.skuNo),
    )
    const single = singles(d, base, brands)
    const rows = [...single, ...combos(d, base, single, 60)].filter((r) => !taken.has(r.skuNo))
    await insertRows(
      db,
      'dmrProduct',
      rows.map((r) => ({ ...r, id: demoId('product', tenantId, r.skuNo) })),
    )
  },
}
