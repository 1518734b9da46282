// Orders (/order/order): the generic list of orders, whose form draws the item lines with their
// product picker, amounts and total (order-items-editor.tsx); and beside it, the "what sold" list
// of order lines. The list's amounts are the server's (orderAmount is computed there). The number
// may be left empty: the server gives the next of the day, shown as the field's placeholder.
import { Trans } from '@lingui/react/macro'
import { Tabs } from '@mantine/core'
import dayjs from 'dayjs'
import { useState } from 'react'
import { CrudScreen } from '@/crud/crud-screen'
import type { CrudSlots } from '@/crud/slots'
import { order } from '@/domain/order/order'
import { OrderItemsEditor } from './order-items-editor'
import { OrderNoInput } from './order-no-input'
import { OrderLinesList } from './order-lines-list'

const formControls: CrudSlots['formControls'] = {
  orderNo: ({ form, mode }) => <OrderNoInput form={form} mode={mode} />,
  items: ({ form }) => <OrderItemsEditor form={form} />,
}

export default function OrderScreen() {
  const [tab, setTab] = useState<string | null>('orders')
  // A new order is taken now, unless the user says otherwise (read when the add dialog opens), and
  // starts with one empty line.
  const slots: CrudSlots = {
    formControls,
    addDefaults: { orderTime: dayjs().format('YYYY-MM-DD HH:mm:ss'), items: [{ quantity: 1 }] },
  }
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="orders">
          <Trans>订单列表</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="lines">
          <Trans>销售明细</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="orders">
        <CrudScreen entity={order} slots={slots} />
      </Tabs.Panel>
      <Tabs.Panel value="lines">
        <OrderLinesList />
      </Tabs.Panel>
    </Tabs>
  )
}
