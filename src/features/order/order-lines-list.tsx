// "What sold" (/api/dmrOrder/orderList): the order lines with their order's number and time, by a
// date range of the order time and a SKU, paged, with the quantity and amount of all matching
// lines summed, exported as xlsx with the same filters. On a phone the table scrolls sideways.
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, Center, Group, Loader, Table, Text, TextInput } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { http } from '@/api/http'
import { config } from '@/config'
import { CrudPager } from '@/crud/list/crud-pager'
import { ExportStatus } from '@/crud/export/export-status'
import { SearchDateRange } from '@/crud/search/search-date-range'
import { useCrudPermissions } from '@/crud/use-permissions'
import { useExport } from '@/crud/export/use-export'
import { formatNumber } from '@/domain/format'
import { order } from '@/domain/order/order'

interface OrderLine {
  id: string
  orderId: string
  orderNo: string
  orderTime: string
  lineNo: number
  skuNo: string
  name: string
  quantity: number
  unitPrice: number
  amount: number
}

interface LinesPage {
  records: OrderLine[]
  total: number
  sumQuantity: number
  sumAmount: number
}

interface Filters {
  range: [string | null, string | null]
  sku: string
}

const EMPTY: Filters = { range: [null, null], sku: '' }

/** The lines' endpoint; its `/export` answers the same lines as xlsx. */
const LINES = { name: 'orderList', api: `${order.api}/orderList` }

function filtersOf(f: Filters): Record<string, string> {
  const q: Record<string, string> = {}
  if (f.range[0]) q.orderTime_ge = f.range[0]
  if (f.range[1]) q.orderTime_le = f.range[1]
  if (f.sku.trim()) q.skuNo_like = f.sku.trim()
  return q
}

const queryOf = (f: Filters, current: number, size: number) => ({
  ...filtersOf(f),
  current: String(current),
  size: String(size),
})

export function OrderLinesList() {
  const { t } = useLingui()
  const [draft, setDraft] = useState<Filters>(EMPTY)
  const [filters, setFilters] = useState<Filters>(EMPTY)
  const [page, setPage] = useState({ current: 1, size: 10 })
  const query = queryOf(filters, page.current, page.size)
  const canExport = useCrudPermissions(order).export
  const exporter = useExport(LINES, t`销售明细`)
  const lines = useQuery({
    queryKey: ['order', 'orderList', query],
    queryFn: () => http.get<LinesPage>(`${config.apiPrefix}${LINES.api}`, query),
    placeholderData: keepPreviousData,
  })
  const search = () => {
    setFilters(draft)
    setPage((p) => ({ ...p, current: 1 }))
  }
  const data = lines.data
  return (
    <Box>
      <Group
        align="flex-end"
        gap="sm"
        wrap="wrap"
        mb="sm"
        component="form"
        onSubmit={(e: React.FormEvent) => (e.preventDefault(), search())}
      >
        <SearchDateRange
          label={t`下单日期`}
          value={draft.range}
          onChange={(range) => setDraft((d) => ({ ...d, range }))}
        />
        <TextInput
          label={t`SKU编号`}
          value={draft.sku}
          onChange={(e) => {
            // Read now: the event's currentTarget is gone by the time the updater runs.
            const sku = e.currentTarget.value
            setDraft((d) => ({ ...d, sku }))
          }}
        />
        <Button type="submit">
          <Trans>搜索</Trans>
        </Button>
        <Button
          variant="default"
          onClick={() => (
            setDraft(EMPTY),
            setFilters(EMPTY),
            setPage((p) => ({ ...p, current: 1 }))
          )}
        >
          <Trans>清空</Trans>
        </Button>
        {canExport && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporter.state.status === 'running'}
            disabled={!data?.total}
            onClick={() => void exporter.run(filtersOf(filters), data?.total ?? 0)}
          >
            <Trans>导出</Trans>
          </Button>
        )}
        <ExportStatus state={exporter.state} />
      </Group>
      {data && (
        <Text size="sm" mb="xs" aria-label={t`销售合计`}>
          <Trans>
            合计数量 {data.sumQuantity}，合计金额 {formatNumber('vnd', data.sumAmount)}
          </Trans>
        </Text>
      )}
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover withTableBorder aria-label={t`销售明细`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`订单号`}</Table.Th>
              <Table.Th>{t`下单时间`}</Table.Th>
              <Table.Th>{t`SKU编号`}</Table.Th>
              <Table.Th>{t`商品名称`}</Table.Th>
              <Table.Th ta="right">{t`数量`}</Table.Th>
              <Table.Th ta="right">{t`单价`}</Table.Th>
              <Table.Th ta="right">{t`金额`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.isPending && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Center py="md">
                    <Loader size="sm" aria-label={t`加载中`} />
                  </Center>
                </Table.Td>
              </Table.Tr>
            )}
            {data?.records.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text ta="center" c="dimmed" size="sm">
                    <Trans>暂无数据</Trans>
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {data?.records.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.orderNo}</Table.Td>
                <Table.Td>{l.orderTime}</Table.Td>
                <Table.Td>{l.skuNo}</Table.Td>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td ta="right">{l.quantity}</Table.Td>
                <Table.Td ta="right">{formatNumber('vnd', l.unitPrice)}</Table.Td>
                <Table.Td ta="right">{formatNumber('vnd', l.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && (
        <CrudPager
          total={data.total}
          current={page.current}
          size={page.size}
          onPage={(current) => setPage((p) => ({ ...p, current }))}
          onSize={(size) => setPage({ current: 1, size })}
        />
      )}
    </Box>
  )
}
