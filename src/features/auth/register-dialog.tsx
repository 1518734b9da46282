import { useLingui } from '@lingui/react/macro'
import { Button, Modal, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { logout, registerGuest } from '@/api/auth'
import { logger } from '@/api/logger'
import type { UserInfo } from '@/api/session'
import { useDomainTenant } from './use-domain-tenant'

/**
 * A third-party login without a local user: user_id empty or negative (docs/product.md §2
 * "Registration dialog").
 */
export function needsRegistration(info: UserInfo): boolean {
  const id = info.user_id ?? ''
  return id === '' || Number(id) < 0
}

/** 'account registration': the application awaits admin approval, then the user logs in again. */
export function RegisterDialog({ userInfo, onDone }: { userInfo: UserInfo; onDone: () => void }) {
  const { t } = useLingui()
  const tenant = useDomainTenant()
  const [loading, setLoading] = useState(false)
  const form = useForm({
    initialValues: {
      tenantId: userInfo.tenant_id ?? '',
      name: userInfo.user_name ?? '',
      account: userInfo.account ?? '',
      password: '',
      password2: '',
    },
    validateInputOnBlur: true,
    validate: {
      tenantId: (v) => (!tenant.resolved && !v.trim() ? t`请输入租户ID` : null),
      name: (v) => (!v.trim() ? t`请输入用户姓名` : null),
      account: (v) => (!v.trim() ? t`请输入账号` : null),
      password: (v) => (!v ? t`请输入密码` : null),
      password2: (v, values) =>
        !values.password
          ? t`请先输入密码`
          : !v
            ? t`请再次输入密码`
            : v !== values.password
              ? t`两次输入密码不一致`
              : null,
    },
  })

  const submit = form.onSubmit(async (v) => {
    setLoading(true)
    try {
      await registerGuest({
        tenantId: tenant.resolved ? tenant.tenantId : v.tenantId.trim(),
        name: v.name.trim(),
        account: v.account.trim(),
        password: v.password,
        oauthId: userInfo.oauth_id ?? '',
      })
      notifications.show({ color: 'green', message: t`注册申请已提交，请等待管理员审核` })
      await logout()
      onDone()
    } catch (err) {
      // registerGuest showed the message; the form stays open for another try.
      logger.error('register-guest', err)
    } finally {
      setLoading(false)
    }
  })

  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t`账号注册`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!tenant.resolved && (
            <TextInput required label={t`租户ID`} {...form.getInputProps('tenantId')} />
          )}
          <TextInput required label={t`用户姓名`} {...form.getInputProps('name')} />
          <TextInput
            required
            label={t`账号`}
            autoComplete="username"
            {...form.getInputProps('account')}
          />
          <PasswordInput
            required
            label={t`密码`}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            required
            label={t`确认密码`}
            autoComplete="new-password"
            {...form.getInputProps('password2')}
          />
          <Button type="submit" loading={loading} fullWidth mt="sm">
            {t`确定`}
          </Button>
        </Stack>
      </form>
    </Modal>
  )
}
