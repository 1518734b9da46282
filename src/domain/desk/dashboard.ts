// The home dashboard's cards (/wel/index): each card is one entry here. The server serves it at
// GET /api/blade-desk/dashboard/<code>?today=yyyy-MM-dd under the access of the screen it links to
// (its menu code), for the caller's tenant; the app shows it only to users whose menu holds that
// code, and renders its figures (or its chart of days) in the declared formats.
// A card of kind 'figures' answers { <key>: number, ... }; a card of kind 'days' answers
// { days: [{ date: 'yyyy-MM-dd', <key>: number }] }, one entry per day of the last DASHBOARD_DAYS,
// charted as bars of its one figure.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/runtime-macro'
import type { DisplayFormat } from '../entity.ts'

export const DASHBOARD_API = '/blade-desk/dashboard'
/** The charts' span: the last 30 days, today included. */
export const DASHBOARD_DAYS = 30

export interface DashboardFigure {
  /** The answer's property holding the figure. */
  key: string
  label: MessageDescriptor
  format: DisplayFormat
  /** A second figure shown beside it (an amount beside a count). */
  beside?: { key: string; format: DisplayFormat }
}

export interface DashboardCardDef {
  /** The card's name in the endpoint's path. */
  code: string
  /** The menu code of the screen it links to: the endpoint's access and the card's visibility. */
  permission: string
  /** That screen's app path. */
  link: string
  title: MessageDescriptor
  /** What the figures count, in a line under them. */
  note?: MessageDescriptor
  kind: 'figures' | 'days'
  /** The figures, or the chart's one series. */
  figures: readonly DashboardFigure[]
}

const count = (key: string, label: MessageDescriptor, amount?: string): DashboardFigure => ({
  key,
  label,
  format: 'floor',
  ...(amount ? { beside: { key: amount, format: 'vnd' as const } } : {}),
})

/** Our orders and TK orders answer the same figures, each counted by its own rule (the cards' notes). */
const ORDER_FIGURES = [
  count('todayOrders', msg`今日订单`, 'todayAmount'),
  count('monthOrders', msg`本月订单`, 'monthAmount'),
  count('todayRefunds', msg`今日退款`, 'todayRefundAmount'),
  count('monthRefunds', msg`本月退款`, 'monthRefundAmount'),
] as const

export const DASHBOARD_CARDS = [
  {
    code: 'order',
    permission: 'order',
    link: '/order/order',
    title: msg`订单`,
    note: msg`按下单时间统计；退款 = 订单状态为“已退款”的订单`,
    kind: 'figures',
    figures: ORDER_FIGURES,
  },
  {
    code: 'tk-order',
    permission: 'tk_order',
    link: '/order/tk-order',
    title: msg`TK订单`,
    note: msg`按下单时间统计，一个订单号计一单；退款 = 退货类型为“退货/退款”的订单（不含取消和配送失败），金额为其退款金额`,
    kind: 'figures',
    figures: ORDER_FIGURES,
  },
  {
    code: 'gift',
    permission: 'gift_total',
    link: '/gift/gift-total',
    title: msg`礼物价值`,
    note: msg`礼物单价 × 数量 × 每金币越南盾（参数 gift.coinValueVnd），向下取整`,
    kind: 'figures',
    figures: [
      { key: 'monthValue', label: msg`本月礼物价值`, format: 'vnd' },
      { key: 'todayValue', label: msg`今日礼物价值`, format: 'vnd' },
      { key: 'monthCount', label: msg`本月送礼次数`, format: 'floor' },
    ],
  },
  {
    code: 'kol-due',
    permission: 'kol_follow_up',
    link: '/kol/follow-up',
    title: msg`达人跟进`,
    note: msg`回复期限在今天或之前的达人（与跟进页标红的规则相同）`,
    kind: 'figures',
    figures: [
      { key: 'due', label: msg`待跟进达人`, format: 'floor' },
      { key: 'overdue', label: msg`其中已逾期`, format: 'floor' },
    ],
  },
  {
    code: 'stock-open',
    permission: 'stock_taking',
    link: '/stock/stock-taking',
    title: msg`库存盘点`,
    note: msg`盘点状态为“盘点中”的盘点`,
    kind: 'figures',
    figures: [
      { key: 'open', label: msg`未完成的盘点`, format: 'floor' },
      { key: 'counted', label: msg`已盘数量`, format: 'floor' },
    ],
  },
  {
    code: 'salary',
    permission: 'salary_month',
    link: '/finance/salary-month',
    title: msg`工资成本`,
    note: msg`工资（各工资来源）、客服工资和MCN工资的实发合计，按工资月份统计`,
    kind: 'figures',
    figures: [
      { key: 'monthCost', label: msg`本月工资成本`, format: 'vnd' },
      { key: 'lastMonthCost', label: msg`上月工资成本`, format: 'vnd' },
    ],
  },
  {
    code: 'order-days',
    permission: 'order',
    link: '/order/order',
    title: msg`近30天每日订单`,
    kind: 'days',
    figures: [count('orders', msg`订单数`)],
  },
  {
    code: 'tk-order-days',
    permission: 'tk_order',
    link: '/order/tk-order',
    title: msg`近30天每日TK订单`,
    kind: 'days',
    figures: [count('orders', msg`订单数`)],
  },
  {
    code: 'gift-days',
    permission: 'gift_total',
    link: '/gift/gift-total',
    title: msg`近30天每日礼物价值`,
    kind: 'days',
    figures: [{ key: 'value', label: msg`礼物价值`, format: 'vnd' }],
  },
] as const satisfies readonly DashboardCardDef[]

export type DashboardCode = (typeof DASHBOARD_CARDS)[number]['code']
