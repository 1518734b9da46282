// Dictionaries side by side (/dict-horizontal/index) or stacked (/dict-vertical/index): choosing a
// parent shows its entries beside or below it.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Card, Flex, Text } from '@mantine/core'
import { IconPointer } from '@tabler/icons-react'
import { useState } from 'react'
import type { EntityDef } from '@/domain/entity'
import type { Row } from '@/crud/entity-api'
import { rowId } from '@/crud/table/table-props'
import { DictChildList } from './dict-child-list'
import { DictParentList } from './dict-parent-list'

export function DictSplit({ def, direction }: { def: EntityDef; direction: 'row' | 'column' }) {
  const { t } = useLingui()
  const [parent, setParent] = useState<Row | null>(null)
  return (
    <Flex
      gap="md"
      direction={direction === 'row' ? { base: 'column', lg: 'row' } : 'column'}
      align="stretch"
    >
      <Card withBorder radius={10} style={{ flex: 1, minWidth: 0 }}>
        <DictParentList
          def={def}
          rowActions={(row) => (
            <Button
              size="compact-sm"
              variant={parent && rowId(parent) === rowId(row) ? 'light' : 'subtle'}
              leftSection={<IconPointer size={14} />}
              onClick={() => setParent(row)}
            >
              <Trans>字典项</Trans>
            </Button>
          )}
        />
      </Card>
      <Card withBorder radius={10} style={{ flex: 1, minWidth: 0 }} aria-label={t`字典项`}>
        {parent ? (
          <DictChildList key={rowId(parent)} def={def} parent={parent} />
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            <Trans>请选择左侧或上方的字典</Trans>
          </Text>
        )}
      </Card>
    </Flex>
  )
}
