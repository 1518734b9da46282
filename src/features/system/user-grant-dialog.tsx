// 角色配置: the role tree with a checkbox per role (each on its own, as Saber's check-strictly tree),
// saved as POST user/grant?userIds=&roleIds=&versions=. One selected user starts from his roles. A
// user changed since the list was read opens the conflict dialog: reload his roles, or keep mine.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Center, Group, Loader, Modal } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { user as userDef } from '@/domain/system/user'
import { CheckTree } from '@/crud/tree/check-tree'
import type { Row } from '@/crud/entity-api'
import { currentRows, versionsQuery } from '@/crud/conflict/read-versions'
import { refreshAfterWrite } from '@/crud/refresh'
import { rowId } from '@/crud/table/table-props'
import { useConflict } from '@/crud/conflict/use-conflict'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { sameIds } from './role-grant-dialog'
import { postWithQuery, treeQuery } from './system-api'

const roleIdsOf = (row: Row) =>
  String(row.roleId ?? '')
    .split(',')
    .filter(Boolean)

export function UserGrantDialog({
  users,
  roleIds,
  onClose,
}: {
  users: Row[]
  roleIds: string[]
  onClose: () => void
}) {
  const { t } = useLingui()
  const client = useQueryClient()
  const roles = useQuery(treeQuery('/role/tree'))
  const [rows, setRows] = useState(users)
  const [baseline, setBaseline] = useState(roleIds)
  const [checked, setChecked] = useState(roleIds)
  // Roles checked and not saved are not dropped by 取消, Esc or × without asking.
  const guard = useDirtyGuard(!sameIds(checked, baseline), onClose)
  const send = async (roleIdList: string[], on: Row[]) => {
    await postWithQuery(
      '/user/grant',
      { userIds: on.map(rowId).join(','), roleIds: roleIdList.join(','), ...versionsQuery(on) },
      { quietFor: [409] },
    )
    notifications.show({ color: 'green', message: t`操作成功` })
    void refreshAfterWrite(client, 'user')
    onClose()
  }
  const conflict = useConflict({
    def: userDef,
    logAs: 'user-grant',
    onReload: (theirs, current) => {
      setRows(currentRows(rows, current))
      if (rows.length === 1) {
        setBaseline(roleIdsOf(theirs))
        setChecked(roleIdsOf(theirs))
      }
    },
    save: (mine, current) => send(roleIdsOf(mine), currentRows(rows, current)),
  })
  const save = useMutation({
    mutationFn: () => send(checked, rows),
    onError: async (err) => {
      if (await conflict.caught(err, { roleId: checked.join(',') }))
        return void refreshAfterWrite(client, 'user')
      logger.error('user-grant', err)
    },
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
          <Button
            loading={save.isPending}
            disabled={checked.length === 0}
            onClick={() => save.mutate()}
          >
            <Trans>保存</Trans>
          </Button>
        </Group>
      </Modal>
      {guard.dialog}
      {conflict.dialog}
    </>
  )
}
