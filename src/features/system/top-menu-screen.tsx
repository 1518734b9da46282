// Top menus (/system/topmenu): the generic list plus 菜单配置 (topmenu_setting) per row.
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconListCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { topMenu } from '@/domain/system/top-menu'
import { CrudScreen } from '@/crud/crud-screen'
import { rowId } from '@/crud/table-props'
import { TopMenuGrantDialog } from './top-menu-grant-dialog'

export default function TopMenuScreen() {
  const canSet = useSession((s) => s.permission.topmenu_setting === true)
  const [setting, setSetting] = useState<string | null>(null)
  return (
    <>
      <CrudScreen
        entity={topMenu}
        slots={{
          rowActions: (row) =>
            canSet && (
              <Button size="compact-sm" variant="subtle" leftSection={<IconListCheck size={14} />} onClick={() => setSetting(rowId(row))}>
                <Trans>菜单配置</Trans>
              </Button>
            ),
        }}
      />
      {setting && <TopMenuGrantDialog topMenuId={setting} onClose={() => setSetting(null)} />}
    </>
  )
}
