// The top menu (spec §2): home plus the server's top menus; choosing one narrows the sidebar to
// that top menu's part (routes?topMenuId=) and opens its path if it has one.
import { useLingui } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { IconHome } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { config } from '@/config'
import { MenuIcon } from '../menu/menu-icons'
import { topMenuQuery } from '../menu/menu-queries'
import { topMenuState, useTopMenuId } from '../menu/top-menu-state'

export function TopMenu() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const current = useTopMenuId()
  const top = useQuery(topMenuQuery()).data ?? []
  const choose = (id: string, path?: string) => {
    topMenuState.set(id)
    if (path) void navigate({ href: path })
  }
  return (
    <Group gap={2} wrap="nowrap" component="nav" aria-label={t`顶部菜单`}>
      <Button variant={current === '' ? 'light' : 'subtle'} size="compact-sm" leftSection={<IconHome size={16} />} onClick={() => choose('', config.firstPage.path)}>
        {t`首页`}
      </Button>
      {top.map((m) => (
        <Button key={m.id} variant={current === m.id ? 'light' : 'subtle'} size="compact-sm" leftSection={<MenuIcon name={m.source} size={16} />} onClick={() => choose(m.id, m.path || undefined)}>
          {i18n.locale === 'en' && m.alias && m.alias !== 'menu' ? m.alias : m.name}
        </Button>
      ))}
    </Group>
  )
}
