// TK orders (/api/tkOrder/tkOrder): the generic endpoints, with orderYearMonth kept from
// orderCreateTime (the monthly summary groups by it).
import { tkOrder } from '../../../src/domain/order/tk-order.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'

function keepYearMonth({ values, existing }: WriteContext) {
  const time = values.order_create_time ?? existing?.orderCreateTime
  if (typeof time === 'string') values.order_year_month = time.slice(0, 7)
}

export const tkOrderCrud: Record<string, CrudOptions> = {
  [tkOrder.name]: { beforeWrite: keepYearMonth },
}
