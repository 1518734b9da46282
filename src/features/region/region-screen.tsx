// Regions (/system/region): a lazily loaded tree on the left; the selected region, its children and
// the add-child / edit / delete actions on the right. The server refuses to delete a region that
// still has children and says so (the client shows its message).
import { useLingui } from '@lingui/react/macro'
import { Box, Card, Flex, ScrollArea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import type { Row } from '@/crud/entity-api'
import { regionApi, ROOT } from './region-api'
import { RegionForm } from './region-form'
import { RegionPanel, type RegionAction } from './region-panel'
import { RegionTree, useRegionTree } from './region-tree'

export default function RegionScreen() {
  const { t } = useLingui()
  const client = useQueryClient()
  const tree = useRegionTree()
  const [selected, setSelected] = useState<string | null>(null)
  const [action, setAction] = useState<RegionAction | null>(null)
  const [busy, setBusy] = useState(false)
  const parentOf = (p: Row | null) => (p ? { code: String(p.code), name: String(p.name), level: Number(p.level) } : { code: ROOT, name: t`顶级`, level: -1 })
  const changed = (parentCode: string) => {
    setAction(null)
    void client.invalidateQueries({ queryKey: ['region'] })
    void tree.reload(parentCode)
  }
  const remove = async (record: Row) => {
    setBusy(true)
    try {
      await regionApi.remove(String(record.code))
      notifications.show({ color: 'green', message: t`删除成功` })
      if (selected === record.code) setSelected(null)
      changed(String(record.parentCode ?? ROOT))
    } catch (err) {
      // The server's reason (e.g. it still has children) was shown by the client.
      logger.error('region-remove', err)
      setAction(null)
    } finally {
      setBusy(false)
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
      {action?.kind === 'add' && <RegionForm mode="add" parent={parentOf(action.parent)} onSaved={() => changed(action.parent ? String(action.parent.code) : ROOT)} onClose={() => setAction(null)} />}
      {action?.kind === 'edit' && (
        <RegionForm mode="edit" parent={parentOf(action.parent)} record={action.record} onSaved={() => changed(String(action.record.parentCode ?? ROOT))} onClose={() => setAction(null)} />
      )}
      {action?.kind === 'delete' && <ConfirmDialog message={t`确定删除选择的数据?`} busy={busy} onConfirm={() => void remove(action.record)} onCancel={() => setAction(null)} />}
    </Flex>
  )
}
