// Gift totals (礼物汇总, 主播汇总, 用户汇总, 礼物统计): the live gift details of a send-time range grouped
// by day, anchor, user or gift, each group with its sends, quantity, coins (giftPriceTotal) and
// đồng (totalValue = coins × parameter gift.coinValueVnd), money floored to whole numbers
// (docs/product.md §9). Computed by server/modules/gift (GET /api/giftdetail/giftDetail/total,
// anchor-total, user-total, gift-total and their /export); not in the registry: nobody writes them
// and they have no `list`.
import { msg } from '@lingui/core/runtime-macro'
import type { MessageDescriptor } from '@lingui/core'
import { defineEntity, type EntityDef, type FieldDef } from '../entity.ts'
import { giftDetail } from './gift-detail.ts'

export type GiftGrouping = 'total' | 'anchor-total' | 'user-total' | 'gift-total'

/** The figures of every group and of the totals row. */
const GIFT_TOTAL_FIELDS: FieldDef[] = [
  { name: 'totalCount', label: msg`送礼次数`, type: 'integer', sortable: true, format: 'floor' },
  { name: 'totalQuantity', label: msg`礼物总数`, type: 'integer', sortable: true, format: 'floor' },
  {
    name: 'giftPriceTotal',
    label: msg`礼物总价(金币)`,
    type: 'number',
    sortable: true,
    format: 'floor',
  },
  { name: 'totalValue', label: msg`总价值`, type: 'number', sortable: true, format: 'vnd' },
]

/** The range the totals read: searched as one date range, sent as sendGiftTime_ge / _le. */
const RANGE: FieldDef = {
  name: 'sendGiftTime',
  label: msg`送礼时间`,
  type: 'datetime',
  search: 'between',
  list: false,
}

export interface GiftTotalsDef extends EntityDef {
  grouping: GiftGrouping
  /** The group's fields, in the order they identify a group. */
  groupFields: string[]
}

function totals(
  grouping: GiftGrouping,
  name: string,
  title: MessageDescriptor,
  permission: string,
  group: FieldDef[],
  sort: { field: string; dir: 'asc' | 'desc' },
): GiftTotalsDef {
  return {
    ...defineEntity({
      name,
      title,
      api: `${giftDetail.api}/${grouping}`,
      table: giftDetail.table,
      tenant: true,
      base: false,
      softDelete: true,
      permission,
      custom: true,
      // Rows are keyed on the screen by their group fields joined (see groupKey).
      key: 'groupKey',
      defaultSort: [sort],
      layout: {
        readOnly: true,
        menu: false,
        add: false,
        edit: false,
        view: false,
        del: false,
        selection: false,
        index: false,
        defaultDateRange: 'month',
      },
      fields: [RANGE, ...group.map((f) => ({ ...f, sortable: true })), ...GIFT_TOTAL_FIELDS],
    }),
    grouping,
    groupFields: group.map((f) => f.name),
  }
}

const field = (name: string): FieldDef => {
  const f: FieldDef | undefined = giftDetail.fields.find((x) => x.name === name)
  if (!f) throw new Error(`giftDetail has no field ${name}`)
  const { search: _search, required: _required, ...rest } = f
  return rest
}

export const giftDayTotal = totals(
  'total',
  'giftTotal',
  msg`礼物汇总`,
  'gift_total',
  [{ name: 'giftDate', label: msg`日期`, type: 'date', width: 140 }],
  { field: 'giftDate', dir: 'asc' },
)
export const giftAnchorTotal = totals(
  'anchor-total',
  'giftAnchorTotal',
  msg`主播汇总`,
  'gift_anchor_total',
  [field('anchorId'), field('anchorName')],
  { field: 'totalValue', dir: 'desc' },
)
export const giftUserTotal = totals(
  'user-total',
  'giftUserTotal',
  msg`用户汇总`,
  'gift_user_total',
  [field('userId'), field('userNickName'), field('plartformAccount')],
  { field: 'totalValue', dir: 'desc' },
)
export const giftItemTotal = totals(
  'gift-total',
  'giftItemTotal',
  msg`礼物统计`,
  'gift_item_total',
  [field('giftName'), { ...field('giftPrice'), list: true }],
  { field: 'totalValue', dir: 'desc' },
)

export const GIFT_TOTALS: GiftTotalsDef[] = [
  giftDayTotal,
  giftAnchorTotal,
  giftUserTotal,
  giftItemTotal,
]

/** A group's key on the screen: its group fields' values joined. */
export function groupKey(def: GiftTotalsDef, row: Record<string, unknown>): string {
  return def.groupFields.map((f) => String(row[f] ?? '')).join('\u0001')
}
