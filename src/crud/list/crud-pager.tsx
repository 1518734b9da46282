// Paging under the list: total, page size choice (docs/product.md §9: 10, 30, 50, 100, 200) and
// pages. A capped total (server/crud/list-query.ts) reads "10,000+"; its pages run to the cap, past
// which the next answer moves the cap along.
import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Pagination, Text } from '@mantine/core'
import { PageSizeSelect } from './page-size-select'

interface Props {
  total: number
  /** The server stopped counting at `total` (a list of millions): shown as "10,000+". */
  capped?: boolean
  current: number
  size: number
  onPage: (page: number) => void
  onSize: (size: number) => void
}

export function CrudPager({ total, capped, current, size, onPage, onSize }: Props) {
  const { t, i18n } = useLingui()
  const shown = i18n.number(total)
  const pages = Math.max(1, Math.ceil(total / size))
  return (
    <Group justify="flex-end" mt="sm" gap="sm">
      <Text size="sm" c="dimmed">
        {capped ? <Trans>共 {shown}+ 条</Trans> : <Trans>共 {total} 条</Trans>}
      </Text>
      <PageSizeSelect size={size} onSize={onSize} />
      <Pagination
        total={pages}
        value={Math.min(current, pages)}
        onChange={onPage}
        size="sm"
        withEdges
        getControlProps={(c) => ({
          'aria-label': { first: t`首页`, previous: t`上一页`, next: t`下一页`, last: t`末页` }[c],
        })}
      />
    </Group>
  )
}
