// Data scopes and API scopes per menu: the menu tree on the left; choosing a menu lists that menu's
// scopes (menuId filter) and new scopes start with the menu and its code (the resource code);
// new data scopes are named after the menu and the chosen type.
import { Stack, Text } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { CrudScreen } from '@/crud/crud-screen'
import { useFieldOptions } from '@/crud/dict-options'
import type { EntityDef, FieldDef } from '@/domain/entity'
import { useMenuCode } from './menu-code'
import { MenuTreePanel, type PickedMenu } from './menu-tree-panel'
import { ScopeName } from './scope-name'

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
        // The menuId param is also where a new scope starts.
        params: menu ? { menuId: menu.id } : undefined,
        addDefaults: code ? { resourceCode: code } : undefined,
        formSection:
          menu && withTypeName
            ? ({ mode, form }) =>
                mode === 'add' ? (
                  <ScopeName form={form} menuName={menu.name} typeField={field(def, 'scopeType')} />
                ) : null
            : undefined,
      }}
    />
  )
}
