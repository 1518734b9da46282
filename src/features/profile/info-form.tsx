// Personal info: avatar, real name, name, phone and email, saved with update-info and the version
// shown. A change made meanwhile (by an administrator) opens the same conflict dialog as the edit
// forms: reload theirs, or keep mine (sent again on their version). Another failed save is logged and
// the form is enabled again.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { getUserInfo, updateInfo, type UserDetail } from '@/api/account'
import { logger } from '@/api/logger'
import { keepFieldFocus, useChangedBlur } from '@/crud/form/blur-validation'
import type { Row } from '@/crud/entity-api'
import { focusFirstError } from '@/crud/form/first-error'
import { useConflict } from '@/crud/conflict/use-conflict'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { user as userDef } from '@/domain/system/user'
import { menuKeys } from '@/shell/menu/menu-queries'
import { AvatarUpload } from './avatar-upload'
import { checkEmail, checkPhone } from './profile-rules'

/** The user as the conflict dialog shows a profile: the avatar, kept out of the user form, labelled too. */
const profileDef = {
  ...userDef,
  fields: [...userDef.fields, { name: 'avatar', label: msg`头像`, type: 'string' as const }],
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** The form's fields of a profile. */
const valuesOf = (u: UserDetail | Row) => ({
  avatar: str(u.avatar),
  realName: str(u.realName),
  name: str(u.name),
  phone: str(u.phone),
  email: str(u.email),
})

const stay = () => {}

export function InfoForm({ user }: { user: UserDetail }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const initialValues = valuesOf(user)
  const [version, setVersion] = useState<unknown>(user.version)
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
  const save = async (body: Row) => {
    await updateInfo(body as Partial<UserDetail>)
    notifications.show({ color: 'green', message: t`修改信息成功` })
    await queryClient.invalidateQueries({ queryKey: menuKeys.userInfo() })
  }
  const conflict = useConflict({
    def: profileDef,
    logAs: 'update-info',
    // Read past the cache: the page's own query refilling would start the form again under the dialog.
    refetch: async () => ((await getUserInfo()) ?? {}) as Row,
    onReload: (theirs) => {
      const values = valuesOf(theirs)
      form.setValues(values)
      form.resetDirty(values)
      setVersion(theirs.version)
    },
    save: async (mine) => {
      setVersion(mine.version)
      await save(mine)
    },
  })
  const submit = form.onSubmit(
    (values) => {
      setBusy(true)
      // The version shown goes back: a change made meanwhile (by an administrator) is refused, not overwritten.
      const body: Row = { id: user.id, version, ...values }
      save(body)
        .catch(async (err: unknown) => {
          if (!(await conflict.caught(err, body))) logger.error('update-info', err)
        })
        .finally(() => setBusy(false))
    },
    () => focusFirstError(formRef.current),
  )
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack maw={480}>
        <AvatarUpload
          value={form.values.avatar}
          onChange={(link) => form.setFieldValue('avatar', link)}
        />
        <TextInput label={t`姓名`} withAsterisk {...form.getInputProps('realName')} />
        <TextInput label={t`用户名`} withAsterisk {...form.getInputProps('name')} />
        <TextInput label={t`手机号`} inputMode="numeric" {...form.getInputProps('phone')} />
        <TextInput label={t`邮箱`} type="email" {...form.getInputProps('email')} />
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
        {conflict.dialog}
      </Stack>
    </form>
  )
}
