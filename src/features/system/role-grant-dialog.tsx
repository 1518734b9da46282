// Role grants (权限设置): three checkbox trees — menus, data scopes, API scopes — from grant-tree,
// checked from role-tree-keys; saved as POST role/grant {roleIds, menuIds, dataScopeIds,
// apiScopeIds}. Menus go with their half-checked parents, as Saber sends them; scope trees send
// only their leaves (the inner nodes are the menus the scopes belong to). The roles' versions go
// along: a role changed since it was listed opens the conflict dialog (reload its grants, or keep mine).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Center, Group, Loader, Modal, Tabs } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { http } from '@/api/http'
import { logger } from '@/api/logger'
import { checkedLeaves, checkedWithHalf, indexTree } from '@/crud/tree/check-tree-state'
import { CheckTree } from '@/crud/tree/check-tree'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { role } from '@/domain/system/role'
import type { Row } from '@/crud/entity-api'
import { currentRows, versionsOf } from '@/crud/conflict/read-versions'
import { refreshAfterWrite } from '@/crud/refresh'
import { rowId } from '@/crud/table/table-props'
import { useConflict } from '@/crud/conflict/use-conflict'
import { postJson, SYSTEM, type GrantSets, type TreeNode } from './system-api'

type Trees = GrantSets<TreeNode[]>
type Keys = GrantSets<string[]>

/** Whether two lists of ids hold the same ids, in any order. */
export const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id))

interface GrantFormProps {
  roles: Row[]
  /** The server's roles and their grants changed: read them again. */
  onReload: (current: Row[]) => void
  trees: Trees
  keys: Keys
  onClose: () => void
  onCancel: () => void
  onDirty: (dirty: boolean) => void
}

function GrantForm({ roles, onReload, trees, keys, onClose, onCancel, onDirty }: GrantFormProps) {
  const { t } = useLingui()
  const client = useQueryClient()
  const [menu, setMenu] = useState(keys.menu)
  const [dataScope, setDataScope] = useState(keys.dataScope)
  const [apiScope, setApiScope] = useState(keys.apiScope)
  const dirty =
    !sameIds(menu, keys.menu) ||
    !sameIds(dataScope, keys.dataScope) ||
    !sameIds(apiScope, keys.apiScope)
  useEffect(() => onDirty(dirty), [dirty, onDirty])
  const idx = useMemo(
    () => ({
      menu: indexTree(trees.menu),
      dataScope: indexTree(trees.dataScope),
      apiScope: indexTree(trees.apiScope),
    }),
    [trees],
  )
  const send = async (on: Row[]) => {
    const versions = versionsOf(on)
    await postJson(
      '/role/grant',
      {
        roleIds: on.map(rowId),
        menuIds: checkedWithHalf(idx.menu, new Set(menu)),
        dataScopeIds: checkedLeaves(idx.dataScope, new Set(dataScope)),
        apiScopeIds: checkedLeaves(idx.apiScope, new Set(apiScope)),
        ...(versions ? { versions } : {}),
      },
      { quietFor: [409] },
    )
    notifications.show({ color: 'green', message: t`操作成功` })
    void refreshAfterWrite(client, 'role')
    onClose()
  }
  const conflict = useConflict({
    def: role,
    logAs: 'role-grant',
    note: t`载入服务器的：重新读取这些角色现在的权限；保留我的：以你勾选的权限保存。`,
    onReload: (_theirs, current) => onReload(currentRows(roles, current)),
    save: (_mine, current) => send(currentRows(roles, current)),
  })
  const save = useMutation({
    mutationFn: () => send(roles),
    onError: async (err) => {
      if (await conflict.caught(err, {})) return void refreshAfterWrite(client, 'role')
      logger.error('role-grant', err)
    },
  })
  return (
    <>
      <Tabs defaultValue="menu" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="menu">{t`菜单权限`}</Tabs.Tab>
          <Tabs.Tab value="dataScope">{t`数据权限`}</Tabs.Tab>
          <Tabs.Tab value="apiScope">{t`接口权限`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="menu">
          <CheckTree data={trees.menu} value={menu} onChange={setMenu} />
        </Tabs.Panel>
        <Tabs.Panel value="dataScope">
          <CheckTree data={trees.dataScope} value={dataScope} onChange={setDataScope} />
        </Tabs.Panel>
        <Tabs.Panel value="apiScope">
          <CheckTree data={trees.apiScope} value={apiScope} onChange={setApiScope} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          <Trans>取消</Trans>
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          <Trans>保存</Trans>
        </Button>
      </Group>
      {conflict.dialog}
    </>
  )
}

export function RoleGrantDialog({ roles, onClose }: { roles: Row[]; onClose: () => void }) {
  const { t } = useLingui()
  const [rows, setRows] = useState(roles)
  const roleIds = rows.map(rowId)
  const trees = useQuery({
    queryKey: ['system', 'grant-tree'],
    queryFn: () => http.get<Trees>(`${SYSTEM}/menu/grant-tree`),
  })
  const keys = useQuery({
    queryKey: ['system', 'role-tree-keys', roleIds],
    queryFn: () => http.get<Keys>(`${SYSTEM}/menu/role-tree-keys`, { roleIds: roleIds.join(',') }),
    gcTime: 0,
  })
  // Checks changed and not saved are not dropped by 取消, Esc or × without asking.
  const [dirty, setDirty] = useState(false)
  const guard = useDirtyGuard(dirty, onClose)
  return (
    <>
      <Modal opened onClose={guard.requestClose} title={t`角色权限配置`} size="lg" centered>
        {trees.data && keys.data ? (
          <GrantForm
            key={keys.dataUpdatedAt}
            roles={rows}
            onReload={(current) => {
              setRows(current)
              void keys.refetch()
            }}
            trees={trees.data}
            keys={keys.data}
            onClose={onClose}
            onCancel={guard.requestClose}
            onDirty={setDirty}
          />
        ) : (
          <Center py="xl">
            <Loader aria-label={t`加载中`} />
          </Center>
        )}
      </Modal>
      {guard.dialog}
    </>
  )
}
