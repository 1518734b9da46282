// Roles (/authority/role): the role forest as a tree table, with 权限设置 (role_grant) for a row or
// for the selected roles.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconShieldCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { role } from '@/domain/system/role'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { RoleGrantDialog } from './role-grant-dialog'

export default function RoleScreen() {
  const { t } = useLingui()
  const canGrant = useSession((s) => s.permission.role_grant === true)
  const [granting, setGranting] = useState<Row[] | null>(null)
  return (
    <>
      <CrudScreen
        entity={role}
        slots={{
          source: { kind: 'forest' },
          tree: 'roleName',
          toolbar: (ctx) =>
            canGrant && (
              <Button
                variant="light"
                leftSection={<IconShieldCheck size={16} />}
                onClick={() =>
                  ctx.selected.length
                    ? setGranting(ctx.selected)
                    : notifications.show({ color: 'yellow', message: t`请选择至少一条数据` })
                }
              >
                <Trans>权限设置</Trans>
              </Button>
            ),
          rowActions: (row) =>
            canGrant && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconShieldCheck size={14} />}
                onClick={() => setGranting([row])}
              >
                <Trans>权限设置</Trans>
              </Button>
            ),
        }}
      />
      {granting && <RoleGrantDialog roles={granting} onClose={() => setGranting(null)} />}
    </>
  )
}
