// The top bar's menu search: an autocomplete over the menu leaves (name prefix, case-insensitive);
// choosing one opens it. Mantine's Autocomplete (its Combobox) loads when the search is first
// focused, not with the first screen: until then an input of the same look stands in.
import { useLingui } from '@lingui/react/macro'
import { Group, Kbd, Text, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { forwardRef, lazy, Suspense, useMemo, useState } from 'react'
import { useSession } from '@/api/session'
import { MenuIcon } from '../menu/menu-icons'
import { filterByRoles, menuLabel } from '../menu/menu-mapping'
import { searchMenu } from '../menu/menu-search'
import { useOpenMenu } from '../menu/use-open-menu'

const Autocomplete = lazy(() =>
  import('@/crud/select-parts').then((m) => ({ default: m.Autocomplete })),
)

export const MenuAutocomplete = forwardRef<HTMLInputElement>(
  function MenuAutocomplete(_props, ref) {
    const { t, i18n } = useLingui()
    const menu = useSession((s) => s.menu)
    const roles = useSession((s) => s.roles)
    const open = useOpenMenu()
    const [value, setValue] = useState('')
    const tree = useMemo(() => filterByRoles(menu, roles), [menu, roles])
    const results = useMemo(
      () => (value.trim() ? searchMenu(tree, value).slice(0, 20) : []),
      [tree, value],
    )
    const byId = useMemo(() => new Map(results.map((n) => [n.id, n])), [results])
    const [wanted, setWanted] = useState(false)
    const look = {
      w: 220,
      size: 'xs',
      radius: 'xl',
      'aria-label': t`搜索菜单`,
      placeholder: t`搜索菜单`,
      leftSection: <IconSearch size={14} />,
      rightSection: <Kbd size="xs">Ctrl K</Kbd>,
      rightSectionWidth: 56,
    } as const
    // What is typed before the Autocomplete is there is kept: it takes the value over.
    const stand = (
      <TextInput
        ref={ref}
        {...look}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onFocus={() => setWanted(true)}
        data-testid="menu-autocomplete"
      />
    )
    if (!wanted) return stand
    return (
      <Suspense fallback={stand}>
        <Autocomplete
          ref={ref}
          {...look}
          autoFocus
          value={value}
          onChange={setValue}
          data={results.map((n) => ({ value: n.id, label: menuLabel(n, i18n.locale) }))}
          // The options are already matched by prefix; Mantine's own substring filter is not wanted.
          filter={({ options }) => options}
          renderOption={({ option }) => {
            const n = byId.get(option.value)
            return n ? (
              <Group gap="xs" wrap="nowrap">
                <MenuIcon name={n.icon} size={16} />
                <div>
                  <Text size="sm">{menuLabel(n, i18n.locale)}</Text>
                  <Text size="xs" c="dimmed">
                    {n.path}
                  </Text>
                </div>
              </Group>
            ) : null
          }}
          onOptionSubmit={(id) => {
            const n = byId.get(id)
            // Mantine writes the chosen label into the input after this callback: empty it afterwards.
            setTimeout(() => setValue(''))
            if (n) open(n)
          }}
          data-testid="menu-autocomplete"
        />
      </Suspense>
    )
  },
)
