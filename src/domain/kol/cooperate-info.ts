// Cooperation info / KOL quotation (合作信息, docs/product.md §3): prices in W (ten-thousands,
// ≤ 10000), commissions in % (≤ 30), live duration in minutes (≤ 180), and the schedule rows of
// `detail` (each with its own prices, commissions and SKU count, same limits; at least one row).
import { msg } from '@lingui/core/runtime-macro'
import type { FieldDef } from '../entity.ts'
import { defineEntity } from '../entity.ts'

export const MAX_PRICE_W = 10000
export const MAX_CMS_PERCENT = 30
export const MAX_LIVE_MINUTES = 180

const price = (name: string, label: FieldDef['label'], required: FieldDef['label']): FieldDef => ({
  name,
  label,
  type: 'number',
  required,
  min: 0,
  max: MAX_PRICE_W,
  format: 'w',
  example: 120,
})
const cms = (name: string, label: FieldDef['label'], required: FieldDef['label']): FieldDef => ({
  name,
  label,
  type: 'number',
  required,
  min: 0,
  max: MAX_CMS_PERCENT,
  format: 'percent',
  example: 12,
})

/** The price and commission fields, on the record and on each schedule row. */
const priceFields = (): FieldDef[] => [
  price('kolPrice', msg`达人报价`, msg`请输入达人报价`),
  cms('kolCms', msg`达人佣金`, msg`请输入达人佣金`),
  price('negoPrice1', msg`一次议价`, msg`请输入一次议价`),
  cms('negoCms1', msg`一次议价佣金`, msg`请输入一次议价佣金`),
  price('negoPrice2', msg`二次议价`, msg`请输入二次议价`),
  cms('negoCms2', msg`二次议价佣金`, msg`请输入二次议价佣金`),
  price('negoPrice3', msg`最终价格`, msg`请输入最终价格`),
  cms('negoCms3', msg`最终佣金`, msg`请输入最终佣金`),
]
const skuCount = (): FieldDef => ({
  name: 'skuCount',
  label: msg`SKU数量`,
  type: 'integer',
  min: 0,
  max: 100000,
  format: 'sku',
  example: 5,
})

export const SCHEDULE_SINGLE = 1
export const SCHEDULE_RANGE = 2
const dateRequired = msg`日期不能为空`

export const cooperateInfo = defineEntity({
  name: 'cooperateInfo',
  title: msg`合作信息`,
  api: '/cooperateinfo/cooperateInfo',
  table: 'dmr_cooperate_info',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'cooperate_info',
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
      name: 'kolId',
      label: msg`达人`,
      type: 'id',
      required: msg`请选择达人`,
      search: 'equal',
      options: { kind: 'select', url: '/kolFile/kolFile/select', label: 'kolName', value: 'id' },
    },
    {
      name: 'cooperateType',
      label: msg`合作类型`,
      type: 'string',
      required: msg`合作类型不能为空`,
      maxLength: 64,
      options: { kind: 'dictBiz', code: 'biz_type' },
      search: 'equal',
    },
    {
      name: 'cooperateStatus',
      label: msg`合作状态`,
      type: 'string',
      maxLength: 64,
      options: { kind: 'dictBiz', code: 'cooperate_status' },
      search: 'equal',
    },
    {
      name: 'scheduleType',
      label: msg`排期方式`,
      type: 'integer',
      defaultValue: SCHEDULE_SINGLE,
      options: {
        kind: 'static',
        options: [
          { value: SCHEDULE_SINGLE, label: msg`单日` },
          { value: SCHEDULE_RANGE, label: msg`时间段` },
        ],
      },
    },
    {
      name: 'scheduleDate',
      label: msg`排期日期`,
      type: 'date',
      required: dateRequired,
      requiredWhen: { field: 'scheduleType', equals: SCHEDULE_SINGLE },
      visibleWhen: { field: 'scheduleType', equals: SCHEDULE_SINGLE },
      search: 'between',
    },
    {
      name: 'startDate',
      label: msg`开始日期`,
      type: 'date',
      required: dateRequired,
      requiredWhen: { field: 'scheduleType', equals: SCHEDULE_RANGE },
      visibleWhen: { field: 'scheduleType', equals: SCHEDULE_RANGE },
    },
    {
      name: 'endDate',
      label: msg`结束日期`,
      type: 'date',
      required: dateRequired,
      requiredWhen: { field: 'scheduleType', equals: SCHEDULE_RANGE },
      visibleWhen: { field: 'scheduleType', equals: SCHEDULE_RANGE },
    },
    {
      name: 'specificTime',
      label: msg`开播时间`,
      type: 'string',
      maxLength: 5,
      pattern: { regex: '^([01]\\d|2[0-3]):[0-5]\\d$', message: msg`开播时间格式为 HH:mm` },
      example: '20:00',
    },
    ...priceFields(),
    {
      name: 'liveType',
      label: msg`直播类型`,
      type: 'string',
      maxLength: 64,
      options: { kind: 'dictBiz', code: 'live_type' },
      search: 'equal',
    },
    {
      name: 'liveDuration',
      label: msg`直播时长`,
      type: 'integer',
      min: 0,
      max: MAX_LIVE_MINUTES,
      format: 'minutes',
      example: 120,
    },
    skuCount(),
    { name: 'viewerCount', label: msg`观看人数`, type: 'integer', min: 0 },
    { name: 'videoView', label: msg`短视频使用期限`, type: 'string', maxLength: 64 },
    {
      name: 'kolFrom',
      label: msg`城市`,
      type: 'string',
      required: msg`城市不能为空`,
      maxLength: 100,
      search: 'like',
    },
    {
      name: 'detail',
      label: msg`合作内容`,
      type: 'rows',
      required: msg`合作内容不能为空`,
      list: false,
      span: 24,
      rows: [...priceFields(), skuCount()],
    },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false },
  ],
})
