// The top bar (docs/product.md §2 "Top bar"). Below 768 px the lock, error-log and full-screen
// buttons move into a "more" menu so the bar fits a 360 px screen.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Burger, Group, Indicator, Menu, Tooltip } from '@mantine/core'
import { useDisclosure, useFullscreenDocument, useHotkeys } from '@mantine/hooks'
import {
  IconBug,
  IconDots,
  IconLock,
  IconMaximize,
  IconMinimize,
  IconSearch,
} from '@tabler/icons-react'
import { lazy, Suspense, useRef } from 'react'
import { LanguageSwitch } from '@/i18n/language-switch'
import { badgeLabel, useErrorLogs } from '../error-log/error-log-store'
import { ColorPickerButton } from './color-picker'
import { MenuAutocomplete } from './menu-autocomplete'
import { NoticePopover } from './notice-popover'
import { SyncIndicator } from './sync-indicator'
import { ThemePicker } from './theme-picker'
import { TopMenu } from './top-menu'
import { UserMenu } from './user-menu'

// The dialogs load when first opened: the shell's first download needs neither.
const ErrorLogDialog = lazy(() =>
  import('../error-log/error-log-dialog').then((m) => ({ default: m.ErrorLogDialog })),
)
const LockDialog = lazy(() =>
  import('../lock/lock-dialog').then((m) => ({ default: m.LockDialog })),
)

interface Props {
  /** Sidebar state: collapsed on wide screens, drawer opened on small ones. */
  navOpened: boolean
  onToggleNav: () => void
  onSearch: () => void
}

export function TopBar({ navOpened, onToggleNav, onSearch }: Props) {
  const { t } = useLingui()
  const errorCount = useErrorLogs().length
  const { toggle: toggleFullscreen, fullscreen } = useFullscreenDocument()
  const [lockOpened, lock] = useDisclosure(false)
  const [logOpened, log] = useDisclosure(false)
  const searchRef = useRef<HTMLInputElement>(null)
  useHotkeys([
    [
      'mod+K',
      () => {
        const input = searchRef.current
        // The autocomplete is hidden on narrower screens: the search panel stands in.
        if (input && input.offsetParent !== null) input.focus()
        else onSearch()
      },
    ],
  ])
  const FullIcon = fullscreen ? IconMinimize : IconMaximize
  return (
    <Group h="100%" px="xs" gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          size="sm"
          aria-label={t`切换菜单`}
          data-testid="nav-toggle"
        />
        <Group visibleFrom="md" wrap="nowrap">
          <TopMenu />
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Group visibleFrom="lg">
          <MenuAutocomplete ref={searchRef} />
        </Group>
        <Tooltip label={t`搜索菜单`}>
          <ActionIcon
            hiddenFrom="lg"
            variant="subtle"
            size="lg"
            aria-label={t`搜索菜单`}
            onClick={onSearch}
          >
            <IconSearch size={20} />
          </ActionIcon>
        </Tooltip>
        <ColorPickerButton />
        <ThemePicker />
        <Group gap={4} visibleFrom="sm" wrap="nowrap">
          <Tooltip label={t`错误日志`}>
            <Indicator
              label={badgeLabel(errorCount)}
              disabled={!errorCount}
              color="red"
              size={16}
              offset={4}
            >
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t`错误日志`}
                onClick={log.open}
                data-testid="error-log-button"
              >
                <IconBug size={20} />
              </ActionIcon>
            </Indicator>
          </Tooltip>
          <Tooltip label={t`锁屏`}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t`锁屏`}
              onClick={lock.open}
              data-testid="lock-button"
            >
              <IconLock size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={fullscreen ? t`退出全屏` : t`全屏`}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={fullscreen ? t`退出全屏` : t`全屏`}
              onClick={() => void toggleFullscreen()}
            >
              <FullIcon size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <SyncIndicator />
        <NoticePopover />
        <LanguageSwitch />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon hiddenFrom="sm" variant="subtle" size="lg" aria-label={t`更多`}>
              <IconDots size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconBug size={16} />} onClick={log.open}>
              {t`错误日志`} ({badgeLabel(errorCount)})
            </Menu.Item>
            <Menu.Item
              leftSection={<IconLock size={16} />}
              onClick={lock.open}
            >{t`锁屏`}</Menu.Item>
            <Menu.Item leftSection={<FullIcon size={16} />} onClick={() => void toggleFullscreen()}>
              {fullscreen ? t`退出全屏` : t`全屏`}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <UserMenu />
      </Group>
      <Suspense fallback={null}>
        {lockOpened && <LockDialog opened onClose={lock.close} />}
        {logOpened && <ErrorLogDialog opened onClose={log.close} />}
      </Suspense>
    </Group>
  )
}
