// Switch dept/role (docs/product.md §6): choices loaded for the user; the switch refreshes the
// token with the chosen Dept-Id/Role-Id and reloads the page.
import { useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Select, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { getDeptSelect, getRoleSelect, type SelectItem } from '@/api/account'
import { switchDeptRole } from '@/api/auth'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'

const options = (items: SelectItem[] | undefined, label: string) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: String(i[label] ?? i.id) }))

function SwitchForm({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const userId = useSession((s) => s.userInfo.user_id ?? '')
  const deptId = useSession((s) => s.userInfo.dept_id ?? '')
  const roleId = useSession((s) => s.userInfo.role_id ?? '')
  const depts = useQuery({
    queryKey: ['system', 'dept', 'select', userId],
    queryFn: () => getDeptSelect(userId),
  })
  const roles = useQuery({
    queryKey: ['system', 'role', 'select', userId],
    queryFn: () => getRoleSelect(userId),
  })
  const [busy, setBusy] = useState(false)
  const form = useForm({
    initialValues: {
      deptId: deptId.includes(',') ? '' : deptId,
      roleId: roleId.includes(',') ? '' : roleId,
    },
    validateInputOnBlur: true,
    validate: {
      deptId: (v) => (v ? null : t`请选择部门`),
      roleId: (v) => (v ? null : t`请选择角色`),
    },
  })
  const submit = form.onSubmit((values) => {
    setBusy(true)
    switchDeptRole(values).catch((err: unknown) => {
      logger.error('switch dept/role', err)
      setBusy(false)
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label={t`部门`}
          placeholder={t`请选择部门`}
          withAsterisk
          data={options(depts.data, 'deptName')}
          disabled={depts.isPending}
          searchable
          {...form.getInputProps('deptId')}
          data-testid="switch-dept"
        />
        <Select
          label={t`角色`}
          placeholder={t`请选择角色`}
          withAsterisk
          data={options(roles.data, 'roleName')}
          disabled={roles.isPending}
          searchable
          {...form.getInputProps('roleId')}
          data-testid="switch-role"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t`取消`}</Button>
          <Button type="submit" loading={busy}>{t`确定`}</Button>
        </Group>
      </Stack>
    </form>
  )
}

export function SwitchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Modal opened={opened} onClose={onClose} title={t`切换部门/角色`} radius={10}>
      {opened && <SwitchForm onClose={onClose} />}
    </Modal>
  )
}
