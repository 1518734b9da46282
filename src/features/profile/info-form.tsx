// Personal info: avatar, real name, name, phone and email, saved with update-info. A failed save is
// logged and the form is enabled again.
import { useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { updateInfo, type UserDetail } from '@/api/account'
import { logger } from '@/api/logger'
import { keepFieldFocus, useChangedBlur } from '@/crud/blur-validation'
import { focusFirstError } from '@/crud/first-error'
import { useDirtyGuard } from '@/crud/use-dirty-guard'
import { menuKeys } from '@/shell/menu/menu-queries'
import { AvatarUpload } from './avatar-upload'
import { checkEmail, checkPhone } from './profile-rules'

const str = (v: unknown) => (typeof v === 'string' ? v : '')

const stay = () => {}

export function InfoForm({ user }: { user: UserDetail }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const initialValues = { avatar: str(user.avatar), realName: str(user.realName), name: str(user.name), phone: str(user.phone), email: str(user.email) }
  const form = useForm({
    initialValues,
    ...useChangedBlur<typeof initialValues>(),
    validate: {
      realName: (v) => (v.trim() ? null : t`请输入姓名`),
      name: (v) => (v.trim() ? null : t`请输入用户昵称`),
      phone: checkPhone,
      email: checkEmail,
    },
  })
  // A page, not a dialog: leaving it (another screen, its tab, a reload) asks while it holds input.
  const guard = useDirtyGuard(form.isDirty(), stay)
  const formRef = useRef<HTMLFormElement>(null)
  const submit = form.onSubmit((values) => {
    setBusy(true)
    // The version shown goes back: a change made meanwhile (by an administrator) is refused, not overwritten.
    updateInfo({ id: user.id, version: user.version, ...values })
      .then(() => {
        notifications.show({ color: 'green', message: t`修改信息成功` })
        return queryClient.invalidateQueries({ queryKey: menuKeys.userInfo() })
      })
      .catch((err: unknown) => logger.error('update-info', err))
      .finally(() => setBusy(false))
  }, () => focusFirstError(formRef.current))
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack maw={480}>
        <AvatarUpload value={form.values.avatar} onChange={(link) => form.setFieldValue('avatar', link)} />
        <TextInput label={t`姓名`} withAsterisk {...form.getInputProps('realName')} />
        <TextInput label={t`用户名`} withAsterisk {...form.getInputProps('name')} />
        <TextInput label={t`手机号`} inputMode="numeric" {...form.getInputProps('phone')} />
        <TextInput label={t`邮箱`} type="email" {...form.getInputProps('email')} />
        <Group>
          <Button type="submit" loading={busy} {...keepFieldFocus}>{t`提交`}</Button>
          <Button variant="default" onClick={form.reset} disabled={busy} {...keepFieldFocus}>{t`清空`}</Button>
        </Group>
        {guard.dialog}
      </Stack>
    </form>
  )
}
