// A confirmed delete, then a toast that offers undo for 10 s where the rows can come back (soft
// delete, restore call). Shared by the list engine and custom delete actions that soft-delete.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useCallback, useId } from 'react'
import { logger } from '@/api/logger'
import type { EntityDef } from '@/domain/entity'
import { useRemove } from '../entity-api'
import { undoable, useRestore } from './restore-api'

/** How long the undo stays offered. */
const UNDO_MS = 10_000

export function useDeleteWithUndo(def: EntityDef): {
  busy: boolean
  run: (ids: string[]) => Promise<boolean>
} {
  const { t } = useLingui()
  const remove = useRemove(def)
  const restore = useRestore(def)
  const toastId = useId()
  const undo = useCallback(
    async (ids: string[]) => {
      notifications.hide(toastId)
      try {
        await restore.mutateAsync(ids)
        notifications.show({ color: 'green', message: t`已撤销删除` })
      } catch (err) {
        // The client's toast says why; the rows stay deleted.
        logger.error(`crud-restore:${def.name}`, err)
      }
    },
    [restore, toastId, t, def.name],
  )
  const run = useCallback(
    async (ids: string[]) => {
      try {
        await remove.mutateAsync(ids)
      } catch (err) {
        logger.error(`crud-remove:${def.name}`, err)
        return false
      }
      if (!undoable(def)) {
        notifications.show({ color: 'green', message: t`删除成功` })
        return true
      }
      notifications.show({
        id: toastId,
        color: 'green',
        autoClose: UNDO_MS,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{t`删除成功`}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void undo(ids)}>
              <Trans>撤销</Trans>
            </Button>
          </Group>
        ),
      })
      return true
    },
    [remove, def, t, toastId, undo],
  )
  return { busy: remove.isPending, run }
}
