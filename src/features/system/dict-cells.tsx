// Dictionary rows: a lock beside the name of a sealed row; sealed rows (or entries of a sealed
// dictionary) can be neither edited nor deleted, as the server refuses both.
import { useLingui } from '@lingui/react/macro'
import { Group, Tooltip } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import type { Row } from '@/crud/entity-api'

export const isSealed = (row: Row | null | undefined) => Number(row?.isSealed) === 1

function SealedName({ row, value }: { row: Row; value: unknown }) {
  const { t } = useLingui()
  return (
    <Group gap={4} wrap="nowrap">
      <span style={{ whiteSpace: 'nowrap' }}>{String(value ?? '')}</span>
      {isSealed(row) && (
        <Tooltip label={t`已封存`}>
          <IconLock
            size={14}
            role="img"
            aria-label={t`已封存`}
            color="var(--mantine-color-dimmed)"
          />
        </Tooltip>
      )}
    </Group>
  )
}

export const dictCells = {
  dictValue: (row: Row, value: unknown) => <SealedName row={row} value={value} />,
}
