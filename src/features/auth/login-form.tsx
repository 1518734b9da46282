import { useLingui } from '@lingui/react/macro'
import {
  Box,
  Button,
  Group,
  Image,
  PasswordInput,
  Stack,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconKey, IconLock, IconUser, IconUsers } from '@tabler/icons-react'
import { useState } from 'react'
import { loginByUsername } from '@/api/auth'
import { config } from '@/config'
import { useCaptcha } from './use-captcha'
import { useDomainTenant } from './use-domain-tenant'

export interface LoginFormProps {
  onLoggedIn: () => void
  /** Awaited before the login request: what must be listening when the session starts (the offline core). */
  beforeSignIn?: () => Promise<unknown>
}

/**
 * Account login (docs/product.md §2 "Fixed routes"): tenant, account, password and captcha; errors
 * are shown by the client.
 */
export function LoginForm({ onLoggedIn, beforeSignIn }: LoginFormProps) {
  const { t } = useLingui()
  const tenant = useDomainTenant()
  const captcha = useCaptcha(config.captchaMode)
  const [loading, setLoading] = useState(false)
  const form = useForm({
    initialValues: { tenantId: config.tenantId, username: '', password: '', code: '' },
    validate: {
      tenantId: (v) => (!tenant.resolved && !v.trim() ? t`请输入租户ID` : null),
      username: (v) => (!v.trim() ? t`请输入用户名` : null),
      password: (v) => (!v ? t`请输入密码` : null),
      code: (v) => (config.captchaMode && !v.trim() ? t`请输入验证码` : null),
    },
  })

  const submit = form.onSubmit(async (v) => {
    setLoading(true)
    try {
      await beforeSignIn?.()
      await loginByUsername({
        tenantId: tenant.resolved ? tenant.tenantId : v.tenantId.trim(),
        username: v.username.trim(),
        password: v.password,
        captchaKey: captcha.key,
        captchaCode: v.code.trim(),
      })
      onLoggedIn()
    } catch {
      // The message was shown by the client; a used captcha is never valid twice.
      if (config.captchaMode) {
        form.setFieldValue('code', '')
        captcha.refresh()
      }
    } finally {
      setLoading(false)
    }
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!tenant.resolved && (
          <TextInput
            leftSection={<IconUsers size={16} />}
            label={t`租户ID`}
            placeholder={t`请输入租户ID`}
            autoComplete="organization"
            {...form.getInputProps('tenantId')}
          />
        )}
        <TextInput
          leftSection={<IconUser size={16} />}
          label={t`用户名`}
          placeholder={t`请输入用户名`}
          autoComplete="username"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          leftSection={<IconLock size={16} />}
          label={t`密码`}
          placeholder={t`请输入密码`}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        {config.captchaMode && (
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              leftSection={<IconKey size={16} />}
              label={t`验证码`}
              placeholder={t`请输入验证码`}
              autoComplete="off"
              maxLength={5}
              {...form.getInputProps('code')}
            />
            <UnstyledButton
              onClick={captcha.refresh}
              aria-label={t`刷新验证码`}
              mt={25}
              data-testid="captcha-refresh"
            >
              <Box
                w={110}
                h={36}
                style={{
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 4,
                  overflow: 'hidden',
                }}
              >
                {captcha.image && (
                  <Image src={captcha.image} alt={t`验证码`} h={36} w={110} fit="fill" />
                )}
              </Box>
            </UnstyledButton>
          </Group>
        )}
        <Button type="submit" loading={loading} fullWidth mt="sm">
          {t`登录`}
        </Button>
      </Stack>
    </form>
  )
}
