// The avatar and user name dropdown: dashboard, user info, switch dept/role (switch mode only)
// and logout (confirmed).
import { useLingui } from '@lingui/react/macro'
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { modals } from '@mantine/modals'
import {
  IconChevronDown,
  IconDashboard,
  IconLogout,
  IconSwitchHorizontal,
  IconUser,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { logout } from '@/api/auth'
import { useSession } from '@/api/session'
import { config } from '@/config'
import { userInfoQuery } from '../menu/menu-queries'

// Loads when first opened: the shell's first download does not need it.
const SwitchDialog = lazy(() =>
  import('./switch-dialog').then((m) => ({ default: m.SwitchDialog })),
)

export function UserMenu() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const info = useSession((s) => s.userInfo)
  // The user record (refreshed after a personal-info save) wins over the token's copy.
  const detail = useQuery(userInfoQuery()).data
  const [switchOpened, switchDialog] = useDisclosure(false)
  const name =
    detail?.realName || info.real_name || info.user_name || info.nick_name || info.account || ''
  // The user's own picture, else initials: no image request for the default avatar, which was the
  // largest paint (LCP) of a cold first list while the rows waited.
  const avatar = detail?.avatar || info.avatar || null
  const confirmLogout = () =>
    modals.openConfirmModal({
      title: t`提示`,
      children: t`退出系统, 是否继续?`,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm: () => void logout().then(() => navigate({ href: config.loginPage })),
    })
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t`用户菜单`} data-testid="user-menu">
            <Group gap={6} wrap="nowrap">
              <Avatar
                src={avatar}
                alt={name}
                name={name}
                color="initials"
                size={32}
                radius="xl"
                imageProps={{ loading: 'lazy', decoding: 'async', width: 32, height: 32 }}
              />
              <Text size="sm" visibleFrom="sm" maw={120} truncate>
                {name}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDashboard size={16} />}
            onClick={() => void navigate({ to: '/wel/dashboard' })}
          >{t`控制台`}</Menu.Item>
          <Menu.Item
            leftSection={<IconUser size={16} />}
            onClick={() => void navigate({ to: '/info/index' })}
          >{t`个人信息`}</Menu.Item>
          {config.switchMode && (
            <Menu.Item leftSection={<IconSwitchHorizontal size={16} />} onClick={switchDialog.open}>
              {t`切换部门/角色`}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={confirmLogout}
          >{t`退出系统`}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {switchOpened && <SwitchDialog opened onClose={switchDialog.close} />}
      </Suspense>
    </>
  )
}
