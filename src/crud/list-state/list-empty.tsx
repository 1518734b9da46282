// What an empty list says: that the entity has no rows yet (and offers add, when allowed), or that
// no row matches the filters (and offers to clear them).
import { Trans } from '@lingui/react/macro'
import { Button, Stack, Text } from '@mantine/core'

interface Props {
  title: string
  filtered: boolean
  onAdd?: () => void
  onClearFilters: () => void
}

export function ListEmpty({ title, filtered, onAdd, onClearFilters }: Props) {
  return (
    <Stack align="center" gap="xs" py="lg" data-testid="list-empty">
      <Text c="dimmed">
        {filtered ? <Trans>没有符合筛选条件的数据</Trans> : <Trans>“{title}”中还没有数据</Trans>}
      </Text>
      {filtered ? (
        <Button size="compact-sm" variant="light" onClick={onClearFilters}>
          <Trans>清空筛选条件</Trans>
        </Button>
      ) : (
        onAdd && (
          <Button size="compact-sm" variant="light" onClick={onAdd}>
            <Trans>添加第一条数据</Trans>
          </Button>
        )
      )}
    </Stack>
  )
}
