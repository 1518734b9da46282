// The lock dialog (docs/product.md §2 "Lock dialog"): a required lock password, then the screen is
// locked and the lock page opens after a short delay.
import { useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, PasswordInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useNavigate } from '@tanstack/react-router'
import { sessionStore } from '@/api/session'
import { config } from '@/config'

const LOCK_DELAY_MS = 300

function LockForm({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useForm({
    initialValues: { passwd: '' },
    validateInputOnBlur: true,
    validate: { passwd: (v) => (v.trim() ? null : t`锁屏密码不能为空`) },
  })
  const submit = form.onSubmit(({ passwd }) => {
    sessionStore.lock(passwd)
    onClose()
    setTimeout(() => void navigate({ href: config.lockPage }), LOCK_DELAY_MS)
  })
  return (
    <form onSubmit={submit} noValidate>
      <PasswordInput
        data-autofocus
        label={t`锁屏密码`}
        placeholder={t`请输入锁屏密码`}
        withAsterisk
        {...form.getInputProps('passwd')}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>{t`取消`}</Button>
        <Button type="submit">{t`确定`}</Button>
      </Group>
    </form>
  )
}

export function LockDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Modal opened={opened} onClose={onClose} title={t`设置锁屏密码`} radius={10}>
      {opened && <LockForm onClose={onClose} />}
    </Modal>
  )
}
