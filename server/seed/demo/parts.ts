// The demo parts, in the order they run (see types.ts). Append a business area's part here.
import { financeExtraDemo } from './finance-extra.ts'
import { demoGifts } from './gifts.ts'
import { demoKols } from './kols.ts'
import { demoOrders } from './orders.ts'
import { demoProducts } from './products.ts'
import { salaryDemo } from './salary.ts'
import { demoStock } from './stock.ts'
import { demoTkFees } from './tk-fees.ts'
import { demoTkOrders } from './tk-orders.ts'
import type { DemoPart } from './types.ts'

export const demoParts: DemoPart[] = [
  demoProducts,
  demoOrders,
  demoTkOrders,
  demoGifts,
  demoKols,
  demoTkFees,
  demoStock,
  salaryDemo,
  financeExtraDemo,
]
