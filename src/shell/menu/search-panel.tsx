// The menu search panel (docs/product.md §2 "Main layout"): menu leaves matched by name prefix,
// case-insensitive; arrow keys move, Enter opens, Esc closes.
import { useLingui } from '@lingui/react/macro'
import { Group, Kbd, Modal, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { useSession, type MenuNode } from '@/api/session'
import { MenuIcon } from './menu-icons'
import { filterByRoles, menuLabel } from './menu-mapping'
import { searchMenu } from './menu-search'
import { useOpenMenu } from './use-open-menu'

interface Props {
  opened: boolean
  onClose: () => void
}

function Results({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui()
  const menu = useSession((s) => s.menu)
  const roles = useSession((s) => s.roles)
  const open = useOpenMenu()
  const [query, setQuery] = useState('')
  const [index, setIndex] = useState(0)
  const tree = useMemo(() => filterByRoles(menu, roles), [menu, roles])
  const results = useMemo(() => searchMenu(tree, query), [tree, query])
  const pick = (n: MenuNode | undefined) => {
    if (!n) return
    open(n)
    onClose()
  }
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, results.length - 1))
    else if (e.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0))
    else if (e.key === 'Enter') pick(results[index])
    else return
    e.preventDefault()
  }
  return (
    <Stack gap="xs">
      <TextInput
        data-autofocus
        leftSection={<IconSearch size={16} />}
        placeholder={t`搜索菜单`}
        aria-label={t`搜索菜单`}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value)
          setIndex(0)
        }}
        onKeyDown={onKeyDown}
      />
      <ScrollArea.Autosize mah={360}>
        {results.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">{t`没有匹配的菜单`}</Text>
        ) : (
          <div role="listbox" aria-label={t`搜索结果`}>
            {results.map((n, i) => (
              <NavLink
                key={n.id}
                role="option"
                aria-selected={i === index}
                active={i === index}
                label={menuLabel(n, i18n.locale)}
                description={n.path}
                leftSection={<MenuIcon name={n.icon} />}
                onClick={() => pick(n)}
                onMouseEnter={() => setIndex(i)}
              />
            ))}
          </div>
        )}
      </ScrollArea.Autosize>
      <Group gap={6} justify="flex-end">
        <Text size="xs" c="dimmed">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> {t`选择`} · <Kbd size="xs">Enter</Kbd>{' '}
          {t`打开`} · <Kbd size="xs">Esc</Kbd> {t`关闭`}
        </Text>
      </Group>
    </Stack>
  )
}

export function MenuSearchPanel({ opened, onClose }: Props) {
  const { t } = useLingui()
  return (
    <Modal opened={opened} onClose={onClose} title={t`菜单搜索`} size="lg" radius={10}>
      {opened && <Results onClose={onClose} />}
    </Modal>
  )
}
