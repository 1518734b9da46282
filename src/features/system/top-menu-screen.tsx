// Top menus (/system/topmenu): the generic list plus 菜单配置 (topmenu_setting) per row.
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconListCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { topMenu } from '@/domain/system/top-menu'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { TopMenuGrantDialog } from './top-menu-grant-dialog'

export default function TopMenuScreen() {
  const canSet = useSession((s) => s.permission.topmenu_setting === true)
  const [setting, setSetting] = useState<Row | null>(null)
  return (
    <>
      <CrudScreen
        entity={topMenu}
        slots={{
          rowActions: (row) =>
            canSet && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconListCheck size={14} />}
                onClick={() => setSetting(row)}
              >
                <Trans>菜单配置</Trans>
              </Button>
            ),
        }}
      />
      {setting && <TopMenuGrantDialog row={setting} onClose={() => setSetting(null)} />}
    </>
  )
}
