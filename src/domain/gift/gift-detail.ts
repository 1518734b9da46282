// A live-stream gift (礼物明细, spec §3): one viewer's gift to an anchor during a live, as the live
// platform's gift export lists them. Rows come mostly from importing that export (key liveId +
// userId + sendGiftTime + giftName); the totals screens (server/modules/gift) group them. giftPrice
// is in the platform's coins; the totals turn coins into đồng with the parameter gift.coinValueVnd.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const giftDetail = defineEntity({
  name: 'giftDetail',
  title: msg`礼物明细`,
  api: '/giftdetail/giftDetail',
  table: 'dmr_gift_detail',
  tenant: true,
  base: true,
  softDelete: true,
  unique: [['liveId', 'userId', 'sendGiftTime', 'giftName']],
  permission: 'gift_detail',
  defaultSort: [{ field: 'sendGiftTime', dir: 'desc' }],
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'sendGiftTime', label: msg`送礼时间`, type: 'datetime', required: msg`请选择送礼时间`, search: 'between', sortable: true, width: 170 },
    { name: 'userId', label: msg`用户ID`, type: 'string', required: msg`用户ID不能为空`, maxLength: 64, search: 'equal' },
    { name: 'userNickName', label: msg`用户昵称`, type: 'string', maxLength: 200, search: 'like' },
    { name: 'plartformAccount', label: msg`平台账号`, type: 'string', maxLength: 200, search: 'like' },
    { name: 'liveId', label: msg`直播ID`, type: 'string', required: msg`直播ID不能为空`, maxLength: 64, search: 'equal' },
    { name: 'anchorId', label: msg`主播ID`, type: 'string', maxLength: 64, search: 'equal' },
    { name: 'anchorName', label: msg`主播名称`, type: 'string', maxLength: 200, search: 'like' },
    { name: 'giftName', label: msg`礼物名称`, type: 'string', required: msg`礼物名称不能为空`, maxLength: 200, search: 'like' },
    { name: 'giftPrice', label: msg`礼物单价(金币)`, type: 'number', required: msg`礼物单价不能为空`, min: 0, max: 100000000, example: 99 },
    { name: 'giftQuantity', label: msg`礼物数量`, type: 'integer', required: msg`礼物数量不能为空`, min: 1, max: 1000000, example: 1 },
    { name: 'beforeBalance', label: msg`送礼前余额`, type: 'number', min: 0, max: 100000000000, list: false },
    { name: 'afterBalance', label: msg`送礼后余额`, type: 'number', min: 0, max: 100000000000, list: false },
  ],
  import: {
    key: ['liveId', 'userId', 'sendGiftTime', 'giftName'],
    columns: [
      { field: 'sendGiftTime', headers: ['Send Time', 'Send Gift Time', '送礼时间'], required: true },
      { field: 'userId', headers: ['User ID', '用户ID'], required: true },
      { field: 'userNickName', headers: ['User Nickname', 'Nickname', '用户昵称'] },
      { field: 'plartformAccount', headers: ['Platform Account', 'Account', '平台账号'] },
      { field: 'liveId', headers: ['Live ID', 'LIVE ID', '直播ID'], required: true },
      { field: 'anchorId', headers: ['Anchor ID', 'Creator ID', '主播ID'] },
      { field: 'anchorName', headers: ['Anchor Name', 'Creator Name', '主播名称'] },
      { field: 'giftName', headers: ['Gift Name', '礼物名称'], required: true },
      { field: 'giftPrice', headers: ['Gift Price', 'Gift Price (Coins)', '礼物单价(金币)'], required: true },
      { field: 'giftQuantity', headers: ['Gift Quantity', 'Quantity', '礼物数量'], required: true },
      { field: 'beforeBalance', headers: ['Balance Before', '送礼前余额'] },
      { field: 'afterBalance', headers: ['Balance After', '送礼后余额'] },
    ],
  },
})
