import { useLingui } from '@lingui/react/macro'
import {
  Anchor,
  Avatar,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconLockOpen } from '@tabler/icons-react'
import { logout } from '@/api/auth'
import { avatarOf, sessionStore, useSession } from '@/api/session'

/** /lock: the lock password unlocks and returns to the last page; 'log out' ends the session. */
export function LockPage({
  onUnlocked,
  onLoggedOut,
}: {
  onUnlocked: () => void
  onLoggedOut: () => void
}) {
  const { t } = useLingui()
  const userInfo = useSession((s) => s.userInfo)
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (!v ? t`锁屏密码不能为空` : null) },
  })

  const submit = form.onSubmit((v) => {
    if (v.password !== sessionStore.getState().lockPasswd) {
      form.setFieldError('password', t`解锁密码错误,请重新输入`)
      return
    }
    sessionStore.unlock()
    onUnlocked()
  })

  const signOut = async () => {
    await logout()
    onLoggedOut()
  }

  return (
    <Center mih="100vh" p="md" style={{ background: 'var(--mantine-color-dark-6)' }}>
      <Paper p="xl" w={360} maw="100%" shadow="lg">
        <Stack align="center" gap="sm">
          <Avatar src={avatarOf(userInfo)} size={80} radius={80} alt="" />
          <Text fw={600}>{userInfo.real_name || userInfo.user_name || userInfo.account}</Text>
          <form onSubmit={submit} noValidate style={{ width: '100%' }}>
            <Stack gap="sm">
              <PasswordInput
                label={t`锁屏密码`}
                placeholder={t`请输入锁屏密码`}
                autoFocus
                {...form.getInputProps('password')}
              />
              <Button type="submit" leftSection={<IconLockOpen size={16} />} fullWidth>
                {t`解锁`}
              </Button>
            </Stack>
          </form>
          <Group justify="center">
            <Anchor component="button" type="button" size="sm" onClick={() => void signOut()}>
              {t`退出登录`}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Center>
  )
}
