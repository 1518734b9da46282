// The row menu: view, edit and delete as the permissions allow, then the screen's own actions.
import { Trans } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { CrudPermissions } from '../use-permissions'

interface Props {
  can: CrudPermissions
  onView: () => void
  onEdit: () => void
  onDelete: () => void
  extra?: ReactNode
}

export function RowActions({ can, onView, onEdit, onDelete, extra }: Props) {
  return (
    <Group gap={4} justify="center" wrap="nowrap">
      {can.view && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEye size={14} />}
          onClick={onView}
        >
          <Trans>查看</Trans>
        </Button>
      )}
      {can.edit && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEdit size={14} />}
          onClick={onEdit}
        >
          <Trans>编辑</Trans>
        </Button>
      )}
      {can.del && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
        >
          <Trans>删除</Trans>
        </Button>
      )}
      {extra}
    </Group>
  )
}
