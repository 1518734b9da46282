import { useLingui } from '@lingui/react/macro'
import { Center, Group, Paper, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { LanguageSwitch } from '@/i18n/language-switch'
import { LoginForm, type LoginFormProps } from './login-form'

/** /login: the page title is the login title (docs/product.md §2). */
export function LoginPage({ onLoggedIn, beforeSignIn }: LoginFormProps) {
  const { t } = useLingui()
  const title = t`越南电商管理平台`
  useEffect(() => {
    document.title = title
  }, [title])
  return (
    <Center
      component="main"
      mih="100vh"
      p="md"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-blue-1), var(--mantine-color-gray-0))',
      }}
    >
      <Paper shadow="md" p="xl" w={400} maw="100%" withBorder>
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <div>
            <Title order={1} size="h3">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t`登录`}
            </Text>
          </div>
          <LanguageSwitch />
        </Group>
        <LoginForm onLoggedIn={onLoggedIn} beforeSignIn={beforeSignIn} />
      </Paper>
    </Center>
  )
}
