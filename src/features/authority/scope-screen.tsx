// Data scopes and API scopes per menu: the menu tree on the left; choosing a menu lists that menu's
// scopes (menuId filter) and new scopes start filled in for it.
import { Stack, Text } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { CrudScreen } from '@/crud/crud-screen'
import { useFieldOptions } from '@/crud/dict-options'
import type { EntityDef, FieldDef } from '@/domain/entity'
import { useMenuCode } from './menu-code'
import { MenuTreePanel, type PickedMenu } from './menu-tree-panel'
import { ScopePrefill } from './scope-prefill'

const field = (def: EntityDef, name: string) => def.fields.find((f) => f.name === name) as FieldDef

export function ScopeScreen({ def, withTypeName }: { def: EntityDef; withTypeName: boolean }) {
  const { options } = useFieldOptions(field(def, 'menuId'))
  const [menu, setMenu] = useState<PickedMenu | null>(null)
  const code = useMenuCode(menu?.id ?? null)
  const left = (
    <Stack gap="xs">
      <MenuTreePanel options={options} selected={menu} onSelect={setMenu} />
      <Text size="xs" c="dimmed">
        {menu ? menu.name : <Trans>全部菜单</Trans>}
      </Text>
    </Stack>
  )
  return (
    <CrudScreen
      entity={def}
      slots={{
        left,
        params: menu ? { menuId: menu.id } : undefined,
        formSection: menu
          ? ({ mode, form }) => (mode === 'add' ? <ScopePrefill form={form} menu={menu} code={code} typeField={withTypeName ? field(def, 'scopeType') : undefined} /> : null)
          : undefined,
      }}
    />
  )
}
