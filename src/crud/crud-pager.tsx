// Paging under the list: total, page size choice (spec §9: 10, 30, 50, 100, 200) and pages.
import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Pagination, Select, Text } from '@mantine/core'
import { PAGE_SIZES } from './list-search'

interface Props {
  total: number
  current: number
  size: number
  onPage: (page: number) => void
  onSize: (size: number) => void
}

export function CrudPager({ total, current, size, onPage, onSize }: Props) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / size))
  return (
    <Group justify="flex-end" mt="sm" gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>共 {total} 条</Trans>
      </Text>
      <Select
        aria-label={t`每页条数`}
        w={110}
        allowDeselect={false}
        data={PAGE_SIZES.map((n) => ({ value: String(n), label: t`${n} 条/页` }))}
        value={String(size)}
        onChange={(v) => v && onSize(Number(v))}
      />
      <Pagination total={pages} value={Math.min(current, pages)} onChange={onPage} size="sm" withEdges getControlProps={(c) => ({ 'aria-label': { first: t`首页`, previous: t`上一页`, next: t`下一页`, last: t`末页` }[c] })} />
    </Group>
  )
}
