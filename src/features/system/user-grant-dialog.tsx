// 角色配置: the role tree with a checkbox per role (each on its own, as Saber's check-strictly tree),
// saved as POST user/grant?userIds=&roleIds=. One selected user starts from his roles.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Center, Group, Loader, Modal } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { CheckTree } from '@/crud/check-tree'
import { useDirtyGuard } from '@/crud/use-dirty-guard'
import { sameIds } from './role-grant-dialog'
import { postWithQuery, treeQuery } from './system-api'
import { refreshAfterWrite } from '@/crud/refresh'

export function UserGrantDialog({ userIds, roleIds, onClose }: { userIds: string[]; roleIds: string[]; onClose: () => void }) {
  const { t } = useLingui()
  const client = useQueryClient()
  const roles = useQuery(treeQuery('/role/tree'))
  const [checked, setChecked] = useState(roleIds)
  // Roles checked and not saved are not dropped by 取消, Esc or × without asking.
  const guard = useDirtyGuard(!sameIds(checked, roleIds), onClose)
  const save = useMutation({
    mutationFn: () => postWithQuery('/user/grant', { userIds: userIds.join(','), roleIds: checked.join(',') }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`操作成功` })
      void refreshAfterWrite(client, 'user')
      onClose()
    },
    onError: (err) => logger.error('user-grant', err),
  })
  return (
    <>
    <Modal opened onClose={guard.requestClose} title={t`用户角色配置`} centered>
      {roles.data ? (
        <CheckTree data={roles.data} value={checked} onChange={setChecked} strict expand="all" />
      ) : (
        <Center py="xl">
          <Loader aria-label={t`加载中`} />
        </Center>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={guard.requestClose}>
          <Trans>取消</Trans>
        </Button>
        <Button loading={save.isPending} disabled={checked.length === 0} onClick={() => save.mutate()}>
          <Trans>保存</Trans>
        </Button>
      </Group>
    </Modal>
    {guard.dialog}
    </>
  )
}
