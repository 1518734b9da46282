// GET /api/blade-desk/dashboard/<card>?today=yyyy-MM-dd: one small endpoint per home dashboard card
// (src/domain/desk/dashboard.ts), each under the access of the screen the card links to, always for
// the caller's own tenant. A new card is its declaration plus its reader here.
import {
  DASHBOARD_API,
  DASHBOARD_CARDS,
  type DashboardCode,
} from '../../../src/domain/desk/dashboard.ts'
import { button } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import { ok } from '../../core/envelope.ts'
import { params, type AppContext, type Module, type RouteDef } from '../../core/routes.ts'
import { kolDue, openStockCounts } from './field.ts'
import { giftDays, giftFigures } from './gift.ts'
import { orderDays, orderFigures, tkOrderDays, tkOrderFigures } from './orders.ts'
import { salaryCost } from './salary.ts'
import { dashboardDay, type DashboardDay } from './today.ts'

type Reader = (ctx: AppContext, user: AuthUser, day: DashboardDay) => Promise<unknown>

const READERS: Record<DashboardCode, Reader> = {
  order: (ctx, user, day) => orderFigures(ctx, user.tenantId, day),
  'tk-order': (ctx, user, day) => tkOrderFigures(ctx, user.tenantId, day),
  gift: (ctx, user, day) => giftFigures(ctx, user.tenantId, day),
  'kol-due': (ctx, user, day) => kolDue(ctx, user.tenantId, day),
  'stock-open': (ctx, user) => openStockCounts(ctx, user.tenantId),
  salary: (ctx, user, day) => salaryCost(ctx, user.tenantId, day),
  'order-days': (ctx, user, day) => orderDays(ctx, user.tenantId, day),
  'tk-order-days': (ctx, user, day) => tkOrderDays(ctx, user.tenantId, day),
  'gift-days': (ctx, user, day) => giftDays(ctx, user.tenantId, day),
}

export const dashboardModule: Module = (ctx) =>
  DASHBOARD_CARDS.map((card): RouteDef => ({
    method: 'GET',
    url: `${DASHBOARD_API}/${card.code}`,
    access: button(card.permission),
    owner: 'tenant',
    sample: { query: { today: '2026-01-15' } },
    handler: async (req) => {
      const user = caller(req)
      return ok(await READERS[card.code](ctx, user, dashboardDay(params(req))))
    },
  }))
