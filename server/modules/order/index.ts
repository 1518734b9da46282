// Our own orders (/api/dmrOrder): the generic list, page, submit, remove and export with the order
// rules (order-rules.ts), a detail that carries the item lines from dmr_order_item, the "what sold"
// list of lines (orderList), and the pickers the order form needs under the order's own permission
// (the tenant's products; Vietnam's provinces); and the number an order of a day would get when
// left empty (the form's hint).
import { sql, type SqlBool } from 'kysely'
import { order } from '../../../src/domain/order/order.ts'
import { PRODUCT_LIST_MAX } from '../../../src/domain/product/product.ts'
import { button } from '../../core/access.ts'
import type { CrudOptions } from '../../crud/options.ts'
import { optionLabels, withNames } from '../../crud/labels.ts'
import { findRow } from '../../crud/read.ts'
import { toWire } from '../../crud/table.ts'
import { badRequest, notFound, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { caller } from '../../auth/context.ts'
import { params, type Module } from '../../core/routes.ts'
import { orderItemsSheet } from './order-export.ts'
import { orderLines, orderLinesSheet } from './order-lines.ts'
import { tenantOf } from '../../crud/scope.ts'
import { nextFreeOrderNo, orderRules } from './order-rules.ts'
import { sendXlsx } from '../../core/send-xlsx.ts'

export const orderCrud: Record<string, CrudOptions> = {
  // `detail` is this module's own: the lines are rows of their own table.
  [order.name]: {
    routes: ['list', 'page', 'submit', 'save', 'update', 'remove', 'export'],
    ...orderRules,
    exportSheets: orderItemsSheet,
  },
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)

export const orderModule: Module = (ctx) => [
  {
    method: 'GET',
    url: `${order.api}/detail`,
    access: button(order.permission),
    handler: async (req) => {
      const id = params(req).id
      if (!id || !isId(id)) throw badRequest('缺少必要的请求参数: id')
      const user = caller(req)
      const row = await findRow(ctx, order, user, id)
      if (!row) throw notFound('数据不存在或已被删除')
      const lines = await ctx.db
        .selectFrom('dmrOrderItem')
        .select(['skuNo', 'name', 'quantity', 'unitPrice', 'amount'])
        .where('orderId', '=', id)
        .orderBy('lineNo')
        .execute()
      const items = lines.map((l) => ({
        skuNo: l.skuNo,
        name: l.name ?? '',
        quantity: Number(l.quantity),
        unitPrice: Number(l.unitPrice),
        amount: Number(l.amount),
      }))
      return ok({ ...withNames(await optionLabels(ctx, order, user), toWire(order, row)), items })
    },
  },
  {
    method: 'GET' as const,
    url: `${order.api}/next-no`,
    access: button(order.permission),
    sample: { query: { orderTime: '2026-03-08 10:30:00' } as Record<string, string> },
    handler: async (req) => {
      const { orderTime, tenantId } = params(req)
      if (!orderTime || !/^\d{4}-\d{2}-\d{2}/.test(orderTime))
        throw badRequest('缺少必要的请求参数: orderTime')
      return ok({
        orderNo: await nextFreeOrderNo(ctx.db, tenantOf(caller(req), { tenantId }), orderTime),
      })
    },
  },
  {
    method: 'GET',
    url: `${order.api}/orderList`,
    access: button(order.permission),
    handler: async (req) => ok(await orderLines(ctx, caller(req), params(req))),
  },
  {
    method: 'GET',
    url: `${order.api}/orderList/export`,
    // The same pair as the order list's export: whoever may view the orders may export them.
    access: {
      kind: 'anyButton',
      codes: [`${order.permission}_export`, `${order.permission}_view`],
    },
    download: true,
    sample: { query: { orderTime_ge: '2026-01-01', orderTime_le: '2026-01-31' } },
    handler: async (req, reply) => {
      const { header, rows } = await orderLinesSheet(ctx, caller(req), params(req))
      return sendXlsx(reply, '销售明细', header, rows)
    },
  },
  // Products to pick a line's SKU from (singles and combos alike: both are sold), with the name and
  // price the line starts with; `keyword` narrows by SKU or name.
  {
    method: 'GET',
    url: `${order.api}/product-select`,
    access: button(order.permission),
    handler: async (req) => {
      const keyword = (params(req).keyword ?? '').trim().toLowerCase()
      let q = ctx.db
        .selectFrom('dmrProduct')
        .select(['id', 'skuNo', 'productName', 'productPrice'])
        .where('tenantId', '=', caller(req).tenantId)
        .where('isDeleted', '=', 0)
      if (keyword) {
        const pattern = `%${escapeLike(keyword)}%`
        q = q.where((eb) =>
          eb.or([
            sql<SqlBool>`lower(sku_no) like ${pattern} escape '\\'`,
            sql<SqlBool>`lower(product_name) like ${pattern} escape '\\'`,
          ]),
        )
      }
      const rows = await q.orderBy('skuNo').limit(PRODUCT_LIST_MAX).execute()
      return ok(
        rows.map((r) => ({
          ...r,
          productPrice: r.productPrice === null ? null : Number(r.productPrice),
          label: r.productName ? `${String(r.skuNo)} ${String(r.productName)}` : String(r.skuNo),
        })),
      )
    },
  },
  // Vietnam's provinces (the regions under the root '00'); an order keeps the province's name.
  {
    method: 'GET',
    url: `${order.api}/province-select`,
    access: button(order.permission),
    handler: async () =>
      ok(
        await ctx.db
          .selectFrom('bladeRegion')
          .select(['code', 'name', 'provinceName'])
          .where('parentCode', '=', '00')
          .orderBy('sort')
          .orderBy('code')
          .execute(),
      ),
  },
]
