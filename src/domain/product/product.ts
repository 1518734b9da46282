// A product (商品, docs/product.md §3): one SKU, sold on its own (single, productIsMix 0) or as a
// combo (productIsMix 1) of up to 3 single SKUs with their quantities (productComboSku). Every
// descriptive field has a Foreign counterpart (the label printed in the local language).
// The server (server/modules/product) adds what a declaration cannot say: skuNo unique per tenant,
// combo parts that are live single products, and productBrandValue.
import { msg } from '@lingui/core/runtime-macro'
import type { FieldDef } from '../entity.ts'
import { defineEntity } from '../entity.ts'

export const PRODUCT_SINGLE = 0
export const PRODUCT_COMBO = 1
/** A combo holds at most this many single SKUs (docs/product.md §9). */
const MAX_COMBO_SKUS = 3
/** The most rows one list call answers (docs/product.md §7, §9). */
export const PRODUCT_LIST_MAX = 100

type Label = FieldDef['label']

/** A descriptive text and its Foreign counterpart; only the first is a list column. */
const pair = (
  name: string,
  label: Label,
  foreignLabel: Label,
  list = false,
  maxLength = 200,
): FieldDef[] => [
  { name, label, type: 'string', maxLength, list },
  { name: `${name}Foreign`, label: foreignLabel, type: 'string', maxLength, list: false },
]

export const product = defineEntity({
  name: 'product',
  title: msg`商品`,
  api: '/product/product',
  table: 'dmr_product',
  tenant: true,
  base: true,
  softDelete: true,
  unique: [['skuNo']],
  permission: 'product',
  defaultSort: [{ field: 'skuNo', dir: 'asc' }],
  fields: [
    {
      name: 'id',
      label: msg`主键`,
      type: 'id',
      list: false,
      form: false,
      view: false,
      readOnly: true,
    },
    {
      name: 'skuNo',
      label: msg`SKU编号`,
      type: 'string',
      required: msg`SKU编号不能为空`,
      maxLength: 64,
      search: 'like',
      sortable: true,
    },
    { name: 'productName', label: msg`商品名称`, type: 'string', maxLength: 200, search: 'like' },
    {
      name: 'productNameForeign',
      label: msg`商品名称(外文)`,
      type: 'string',
      maxLength: 200,
      list: false,
    },
    {
      name: 'productIsMix',
      label: msg`单品/组合`,
      type: 'integer',
      required: msg`请选择单品或组合`,
      component: 'radio',
      defaultValue: PRODUCT_SINGLE,
      search: 'equal',
      options: {
        kind: 'static',
        options: [
          { value: PRODUCT_SINGLE, label: msg`单品` },
          { value: PRODUCT_COMBO, label: msg`组合` },
        ],
      },
    },
    {
      // Only a combo has parts; the server clears them when a product is (made) single.
      name: 'productComboSku',
      label: msg`组合SKU`,
      type: 'rows',
      required: msg`组合SKU不能为空`,
      requiredWhen: { field: 'productIsMix', equals: PRODUCT_COMBO },
      visibleWhen: { field: 'productIsMix', equals: PRODUCT_COMBO },
      // At most MAX_COMBO_SKUS rows (the rows validation and the editor's add button count them).
      max: MAX_COMBO_SKUS,
      list: false,
      span: 24,
      rows: [
        // The picker lists the tenant's single products (at most 100, server/modules/product).
        {
          name: 'skuNo',
          label: msg`SKU编号`,
          type: 'string',
          required: msg`SKU编号不能为空`,
          maxLength: 64,
          options: {
            kind: 'select',
            url: '/product/product/select',
            label: 'label',
            value: 'skuNo',
          },
        },
        {
          name: 'productQuantity',
          label: msg`数量`,
          type: 'integer',
          required: msg`数量不能为空`,
          min: 1,
          max: 9999,
          example: 1,
        },
      ],
    },
    {
      name: 'productQuantity',
      label: msg`数量`,
      type: 'integer',
      required: msg`数量不能为空`,
      min: 0,
      max: 100000000,
    },
    {
      name: 'productPrice',
      label: msg`价格`,
      type: 'number',
      required: msg`价格不能为空`,
      min: 0,
      max: 10000000000,
      format: 'vnd',
      example: 850000,
    },
    { name: 'skuBarcode', label: msg`条形码`, type: 'string', maxLength: 64, list: false },
    {
      name: 'productBrandKey',
      label: msg`品牌`,
      type: 'string',
      maxLength: 64,
      options: { kind: 'dictBizChild', code: 'brand', size: 20 },
      search: 'equal',
    },
    // The brand's label when the product was saved, kept by the server from productBrandKey (one
    // place, whatever client writes; an import or an API call cannot store a label that disagrees).
    {
      name: 'productBrandValue',
      label: msg`品牌名称`,
      type: 'string',
      maxLength: 100,
      list: false,
      readOnly: true,
      form: false,
    },
    ...pair('itemNumber', msg`货号`, msg`货号(外文)`, true, 64),
    ...pair('productSeries', msg`系列`, msg`系列(外文)`),
    ...pair('productSize', msg`尺码`, msg`尺码(外文)`, true, 64),
    ...pair('productColor', msg`颜色`, msg`颜色(外文)`, true, 64),
    ...pair('productLevel', msg`等级`, msg`等级(外文)`, false, 64),
    ...pair('productSafeType', msg`安全类别`, msg`安全类别(外文)`, false, 64),
    ...pair('productWashingMethod', msg`洗涤方式`, msg`洗涤方式(外文)`, false, 500),
    ...pair('productComposition', msg`成分`, msg`成分(外文)`, false, 500),
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false },
  ],
  // Import: keyed by SKU within the tenant, through the product rules (server/modules/product).
  // Headers: the Chinese label (the template's), the English name, the field name. 单品/组合 takes 0/1 or
  // the option's label; 组合SKU takes "SKU*quantity" parts separated by commas.
  import: {
    key: ['skuNo'],
    columns: [
      { field: 'skuNo', headers: ['SKU编号', 'SKU No', 'skuNo'], required: true },
      { field: 'productName', headers: ['商品名称', 'Product Name', 'productName'] },
      {
        field: 'productNameForeign',
        headers: ['商品名称(外文)', 'Product Name (Foreign)', 'productNameForeign'],
      },
      { field: 'productIsMix', headers: ['单品/组合', 'Single/Combo', 'productIsMix'] },
      { field: 'productComboSku', headers: ['组合SKU', 'Combo SKUs', 'productComboSku'] },
      { field: 'productQuantity', headers: ['数量', 'Quantity', 'productQuantity'] },
      { field: 'productPrice', headers: ['价格', 'Price', 'productPrice'] },
      { field: 'skuBarcode', headers: ['条形码', 'Barcode', 'skuBarcode'] },
      { field: 'productBrandKey', headers: ['品牌', 'Brand', 'productBrandKey'] },
      { field: 'itemNumber', headers: ['货号', 'Item Number', 'itemNumber'] },
      {
        field: 'itemNumberForeign',
        headers: ['货号(外文)', 'Item Number (Foreign)', 'itemNumberForeign'],
      },
      { field: 'productSeries', headers: ['系列', 'Series', 'productSeries'] },
      {
        field: 'productSeriesForeign',
        headers: ['系列(外文)', 'Series (Foreign)', 'productSeriesForeign'],
      },
      { field: 'productSize', headers: ['尺码', 'Size', 'productSize'] },
      {
        field: 'productSizeForeign',
        headers: ['尺码(外文)', 'Size (Foreign)', 'productSizeForeign'],
      },
      { field: 'productColor', headers: ['颜色', 'Color', 'productColor'] },
      {
        field: 'productColorForeign',
        headers: ['颜色(外文)', 'Color (Foreign)', 'productColorForeign'],
      },
      { field: 'productLevel', headers: ['等级', 'Level', 'productLevel'] },
      {
        field: 'productLevelForeign',
        headers: ['等级(外文)', 'Level (Foreign)', 'productLevelForeign'],
      },
      { field: 'productSafeType', headers: ['安全类别', 'Safety Category', 'productSafeType'] },
      {
        field: 'productSafeTypeForeign',
        headers: ['安全类别(外文)', 'Safety Category (Foreign)', 'productSafeTypeForeign'],
      },
      {
        field: 'productWashingMethod',
        headers: ['洗涤方式', 'Washing Method', 'productWashingMethod'],
      },
      {
        field: 'productWashingMethodForeign',
        headers: ['洗涤方式(外文)', 'Washing Method (Foreign)', 'productWashingMethodForeign'],
      },
      { field: 'productComposition', headers: ['成分', 'Composition', 'productComposition'] },
      {
        field: 'productCompositionForeign',
        headers: ['成分(外文)', 'Composition (Foreign)', 'productCompositionForeign'],
      },
    ],
  },
})
