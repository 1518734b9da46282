// The top menu (docs/product.md §2 "Top bar"): home plus the server's top menus that hold something
// for the user; choosing one narrows the sidebar to that top menu's part (routes?topMenuId=) and
// opens its path if it has one.
import { useLingui } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { IconHome } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { config } from '@/config'
import { MenuIcon } from '../menu/menu-icons'
import { topMenuState, useTopMenuId } from '../menu/top-menu-state'
import { useTopMenus } from '../menu/use-top-menus'

export function TopMenu() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const current = useTopMenuId()
  const top = useTopMenus()
  const choose = (id: string, path?: string) => {
    topMenuState.set(id)
    if (path) void navigate({ href: path })
  }
  return (
    <Group gap={2} wrap="nowrap" component="nav" aria-label={t`顶部菜单`}>
      <Button
        variant={current === '' ? 'light' : 'subtle'}
        size="compact-sm"
        leftSection={<IconHome size={16} />}
        onClick={() => choose('', config.firstPage.path)}
      >
        {t`首页`}
      </Button>
      {top.map((m) => (
        <Button
          key={m.id}
          variant={current === m.id ? 'light' : 'subtle'}
          size="compact-sm"
          leftSection={<MenuIcon name={m.source} size={16} />}
          onClick={() => choose(m.id, m.path || undefined)}
        >
          {i18n.locale === 'en' && m.alias && m.alias !== 'menu' ? m.alias : m.name}
        </Button>
      ))}
    </Group>
  )
}
