// The tab bar (docs/product.md §2 "Tab bar"): click a tab to open it; close buttons where the rules
// allow; right-click menu and a dropdown with clear cache, close others, close all and search.
import { useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Box,
  CloseButton,
  Group,
  Menu,
  ScrollArea,
  UnstyledButton,
} from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { IconChevronDown, IconSearch, IconSquareX, IconTrash, IconX } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { KeyboardEvent } from 'react'
import { logger } from '@/api/logger'
import { confirmLeave, hasLeaveGuards } from '@/crud/form/leave-guard'
import classes from '../shell.module.css'
import { hrefOf } from '../menu/use-open-menu'
import { clearAllCaches } from './clear-cache'
import {
  activeTab,
  canClose,
  closeAll,
  closeOthers,
  closeTab,
  HOME_TAB,
  type Tab,
  type TabState,
} from './tab-rules'
import { tabStore, useTabs } from './tab-store'
import { tabTitle } from './tab-title'

function useTabActions(onSearch: () => void) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // `asked`: a form with unsaved input already agreed to go; the router's blocker does not ask again.
  const go = (tab: Tab, asked = false) =>
    void navigate({ href: hrefOf(tab.path, tab.query), ignoreBlocker: asked })
  /** After a rule changed the active tab, the router follows. */
  const follow = (before: string, asked: boolean) => {
    const s = tabStore.getState()
    if (s.active !== before) go(activeTab(s), asked)
  }
  /** Closing the shown screen's tab: a form there with unsaved input asks first ("keep editing" keeps the tab). */
  const leave = (rule: (s: TabState) => TabState, then: (asked: boolean) => void) => {
    const s = tabStore.getState()
    if (rule(s).active === s.active || !hasLeaveGuards()) then(false)
    else void confirmLeave().then((ok) => ok && then(true))
  }
  return {
    go,
    close(path: string) {
      leave(
        (s) => closeTab(s, path),
        (asked) => {
          const before = tabStore.getState().active
          tabStore.close(path)
          follow(before, asked)
        },
      )
    },
    closeOthers(path?: string) {
      leave(
        (s) => closeOthers(s, path),
        (asked) => {
          const before = tabStore.getState().active
          tabStore.closeOthers(path)
          follow(before, asked)
        },
      )
    },
    closeAll() {
      leave(closeAll, (asked) => {
        tabStore.closeAll()
        go(HOME_TAB, asked)
      })
    },
    search: onSearch,
    clearCache() {
      modals.openConfirmModal({
        title: t`提示`,
        children: t`确定清除缓存?`,
        labels: { confirm: t`确定`, cancel: t`取消` },
        onConfirm: () =>
          void clearAllCaches(queryClient).then(
            () => notifications.show({ color: 'green', message: t`清除成功` }),
            (err: unknown) => logger.error('clear-cache', err),
          ),
      })
    },
  }
}

type Actions = ReturnType<typeof useTabActions>

function TabMenuItems({ actions, path }: { actions: Actions; path?: string }) {
  const { t } = useLingui()
  return (
    <Menu.Dropdown>
      <Menu.Item
        leftSection={<IconTrash size={16} />}
        onClick={actions.clearCache}
      >{t`清除缓存`}</Menu.Item>
      <Menu.Item
        leftSection={<IconX size={16} />}
        onClick={() => actions.closeOthers(path)}
      >{t`关闭其他`}</Menu.Item>
      <Menu.Item
        leftSection={<IconSquareX size={16} />}
        onClick={actions.closeAll}
      >{t`关闭全部`}</Menu.Item>
      <Menu.Item
        leftSection={<IconSearch size={16} />}
        onClick={actions.search}
      >{t`搜索`}</Menu.Item>
    </Menu.Dropdown>
  )
}

/** Arrow keys move along the tabs (focus only: Enter or a click opens one), Home and End jump. */
function moveFocus(e: KeyboardEvent<HTMLElement>): boolean {
  const tabs = [
    ...(e.currentTarget
      .closest('[role="tablist"]')
      ?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []),
  ]
  const i = tabs.indexOf(e.currentTarget)
  const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key]
  if (to === undefined) return false
  tabs[(to + tabs.length) % tabs.length]?.focus()
  return true
}

export function TabBar({ onSearch }: { onSearch: () => void }) {
  const { t, i18n } = useLingui()
  const state = useTabs((s) => s)
  const actions = useTabActions(onSearch)
  return (
    <Group gap={4} wrap="nowrap" px="xs" py={4} className={classes.tabBar}>
      <ScrollArea type="never" style={{ flex: 1 }}>
        <Group gap={4} wrap="nowrap" role="tablist" aria-label={t`标签页`}>
          {state.tabs.map((tab) => {
            const title = tabTitle(tab, i18n)
            const active = tab.path === state.active
            const closable = canClose(state, tab.path)
            return (
              <Menu key={tab.path} withinPortal>
                <Menu.ContextMenu>
                  {/* Only the tab itself is in the tablist: its close button is the pointer's shortcut
                      for Delete on the focused tab, so screen readers meet one control per tab. */}
                  <Group
                    gap={2}
                    wrap="nowrap"
                    px={8}
                    py={3}
                    role="presentation"
                    className={classes.tab}
                    data-active={active || undefined}
                    data-testid={`tab-${tab.path}`}
                  >
                    <UnstyledButton
                      role="tab"
                      aria-selected={active}
                      aria-controls="main-content"
                      aria-keyshortcuts={closable ? 'Delete' : undefined}
                      tabIndex={active ? 0 : -1}
                      fz="sm"
                      onClick={() => actions.go(tab)}
                      onAuxClick={(e) => e.button === 1 && actions.close(tab.path)}
                      onKeyDown={(e) => {
                        if (moveFocus(e)) e.preventDefault()
                        else if (e.key === 'Delete' && closable) actions.close(tab.path)
                      }}
                    >
                      {title}
                    </UnstyledButton>
                    {closable && (
                      <CloseButton
                        size="xs"
                        tabIndex={-1}
                        aria-hidden
                        title={t`关闭 ${title}`}
                        onClick={() => actions.close(tab.path)}
                      />
                    )}
                  </Group>
                </Menu.ContextMenu>
                <TabMenuItems actions={actions} path={tab.path} />
              </Menu>
            )
          })}
        </Group>
      </ScrollArea>
      <Box>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t`标签操作`}
              data-testid="tab-actions"
            >
              <IconChevronDown size={18} />
            </ActionIcon>
          </Menu.Target>
          <TabMenuItems actions={actions} />
        </Menu>
      </Box>
    </Group>
  )
}
