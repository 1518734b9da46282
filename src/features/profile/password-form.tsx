// Change password: old, new and the new one again (must match), sent with update-password.
import { useLingui } from '@lingui/react/macro'
import { Button, Group, PasswordInput, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useRef, useState } from 'react'
import { updatePassword } from '@/api/account'
import { logger } from '@/api/logger'
import { keepFieldFocus, useChangedBlur } from '@/crud/form/blur-validation'
import { focusFirstError } from '@/crud/form/first-error'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'

const stay = () => {}

export function PasswordForm() {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const initialValues = { oldPassword: '', newPassword: '', newPassword1: '' }
  const form = useForm({
    initialValues,
    ...useChangedBlur<typeof initialValues>(),
    validate: {
      oldPassword: (v) => (v ? null : t`请输入原密码`),
      newPassword: (v) => (v ? null : t`请输入新密码`),
      newPassword1: (v, values) =>
        !v ? t`请输入确认密码` : v !== values.newPassword ? t`两次输入密码不一致!` : null,
    },
  })
  // A page, not a dialog: leaving it (another screen, its tab, a reload) asks while it holds input.
  const guard = useDirtyGuard(form.isDirty(), stay)
  const formRef = useRef<HTMLFormElement>(null)
  const submit = form.onSubmit(
    (values) => {
      setBusy(true)
      updatePassword(values)
        .then(() => {
          notifications.show({ color: 'green', message: t`修改密码成功` })
          form.reset()
        })
        .catch((err: unknown) => logger.error('update-password', err))
        .finally(() => setBusy(false))
    },
    () => focusFirstError(formRef.current),
  )
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack maw={480}>
        <PasswordInput
          label={t`原密码`}
          withAsterisk
          autoComplete="current-password"
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t`新密码`}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t`确认密码`}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('newPassword1')}
        />
        <Group>
          <Button type="submit" loading={busy} {...keepFieldFocus}>{t`提交`}</Button>
          <Button
            variant="default"
            onClick={form.reset}
            disabled={busy}
            {...keepFieldFocus}
          >{t`清空`}</Button>
        </Group>
        {guard.dialog}
      </Stack>
    </form>
  )
}
