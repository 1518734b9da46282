// Dictionaries as Saber shows them (/system/dict, /system/dict-biz): the parents, and per parent
// '字典配置' opening a drawer with its entries.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Drawer } from '@mantine/core'
import { IconSettings } from '@tabler/icons-react'
import { useState } from 'react'
import type { EntityDef } from '@/domain/entity'
import type { Row } from '@/crud/entity-api'
import { DictChildList } from './dict-child-list'
import { DictParentList } from './dict-parent-list'

export function DictConfig({ def }: { def: EntityDef }) {
  const { t } = useLingui()
  const [parent, setParent] = useState<Row | null>(null)
  const name = String(parent?.dictValue ?? '')
  return (
    <>
      <DictParentList
        def={def}
        rowActions={(row) => (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconSettings size={14} />}
            onClick={() => setParent(row)}
          >
            <Trans>字典配置</Trans>
          </Button>
        )}
      />
      <Drawer
        opened={!!parent}
        onClose={() => setParent(null)}
        position="right"
        size="xl"
        title={t`字典配置：${name}`}
      >
        {parent && <DictChildList def={def} parent={parent} />}
      </Drawer>
    </>
  )
}
