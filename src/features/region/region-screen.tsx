// Regions (/system/region): a lazily loaded tree on the left; the selected region, its children and
// the add-child / edit / delete actions on the right. Forms, detail and delete are the engine's,
// keyed by code. The server refuses to delete a region that still has children and says so (the
// client shows its message).
import { useLingui } from '@lingui/react/macro'
import { Box, Card, Flex, ScrollArea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import { CrudForm } from '@/crud/form/crud-form'
import { deleteQuestion } from '@/crud/delete/delete-question'
import { useRemove, type Row } from '@/crud/entity-api'
import { region } from '@/domain/system/region'
import { ROOT } from './region-api'
import { RegionPanel, type RegionAction } from './region-panel'
import { RegionTree, useRegionTree } from './region-tree'

const codeOf = (r: Row | null) => (r ? String(r.code) : ROOT)

export default function RegionScreen() {
  const { t, i18n } = useLingui()
  const tree = useRegionTree()
  const remove = useRemove(region)
  const [selected, setSelected] = useState<string | null>(null)
  const [action, setAction] = useState<RegionAction | null>(null)
  const changed = (parentCode: string) => {
    setAction(null)
    void tree.reload(parentCode)
  }
  const confirmRemove = async (record: Row) => {
    try {
      await remove.mutateAsync([String(record.code)])
      notifications.show({ color: 'green', message: t`删除成功` })
      if (selected === record.code) setSelected(null)
      changed(String(record.parentCode ?? ROOT))
    } catch (err) {
      // The server's reason (e.g. it still has children) was shown by the client.
      logger.error('region-remove', err)
      setAction(null)
    }
  }
  return (
    <Flex gap="md" direction={{ base: 'column', md: 'row' }} align="flex-start">
      <Card withBorder radius={8} w={{ base: '100%', md: 280 }} style={{ flexShrink: 0 }} p="xs">
        <ScrollArea.Autosize mah="70vh">
          <RegionTree state={tree} selected={selected} onSelect={setSelected} />
        </ScrollArea.Autosize>
      </Card>
      <Box style={{ flex: 1, minWidth: 0 }} w="100%">
        <RegionPanel selected={selected} onAction={setAction} />
      </Box>
      {action?.kind === 'add' && (
        <CrudForm
          def={region}
          mode="add"
          // A child starts under its parent, one level below it.
          defaults={{
            parentCode: codeOf(action.parent),
            level: Math.min(action.parent ? Number(action.parent.level) + 1 : 0, 5),
          }}
          onSaved={() => changed(codeOf(action.parent))}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'edit' && (
        <CrudForm
          def={region}
          mode="edit"
          id={String(action.record.code)}
          onSaved={() => changed(String(action.record.parentCode ?? ROOT))}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          message={deleteQuestion(region, 1, [action.record], i18n.locale)}
          busy={remove.isPending}
          onConfirm={() => void confirmRemove(action.record)}
          onCancel={() => setAction(null)}
        />
      )}
    </Flex>
  )
}
