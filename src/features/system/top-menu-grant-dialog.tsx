// Top-menu setting (菜单配置): which menus a top menu shows — a checkbox tree from grant-top-tree,
// checked from top-tree-keys, saved as POST topmenu/grant {topMenuIds, menuIds, versions}. A top menu
// changed since it was listed opens the conflict dialog: reload its menus, or keep mine.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Center, Group, Loader, Modal } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { http } from '@/api/http'
import { logger } from '@/api/logger'
import { checkedWithHalf, indexTree } from '@/crud/tree/check-tree-state'
import { CheckTree } from '@/crud/tree/check-tree'
import type { Row } from '@/crud/entity-api'
import { currentRows, versionsOf } from '@/crud/conflict/read-versions'
import { refreshAfterWrite } from '@/crud/refresh'
import { rowId } from '@/crud/table/table-props'
import { useConflict } from '@/crud/conflict/use-conflict'
import { topMenu } from '@/domain/system/top-menu'
import { postJson, SYSTEM, type GrantSets, type TreeNode } from './system-api'

interface FormProps {
  row: Row
  tree: TreeNode[]
  keys: string[]
  onClose: () => void
  /** The top menu changed on the server: read it and its menus again. */
  onReload: (current: Row) => void
}

function SettingForm({ row, tree, keys, onClose, onReload }: FormProps) {
  const { t } = useLingui()
  const client = useQueryClient()
  const [menu, setMenu] = useState(keys)
  const idx = useMemo(() => indexTree(tree), [tree])
  const send = async (on: Row) => {
    const versions = versionsOf([on])
    await postJson(
      '/topmenu/grant',
      {
        topMenuIds: [rowId(on)],
        menuIds: checkedWithHalf(idx, new Set(menu)),
        ...(versions ? { versions } : {}),
      },
      { quietFor: [409] },
    )
    notifications.show({ color: 'green', message: t`操作成功` })
    void refreshAfterWrite(client, 'topmenu')
    onClose()
  }
  const conflict = useConflict({
    def: topMenu,
    logAs: 'topmenu-grant',
    note: t`载入服务器的：重新读取这个顶部菜单现在的下级菜单；保留我的：以你勾选的菜单保存。`,
    onReload: (_theirs, current) => onReload(currentRows([row], current)[0]!),
    save: (_mine, current) => send(currentRows([row], current)[0]!),
  })
  const save = useMutation({
    mutationFn: () => send(row),
    onError: async (err) => {
      if (await conflict.caught(err, {})) return void refreshAfterWrite(client, 'topmenu')
      logger.error('topmenu-grant', err)
    },
  })
  return (
    <>
      <CheckTree data={tree} value={menu} onChange={setMenu} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
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

export function TopMenuGrantDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useLingui()
  const [shown, setShown] = useState(row)
  const topMenuId = rowId(shown)
  const tree = useQuery({
    queryKey: ['system', 'grant-top-tree'],
    queryFn: () => http.get<GrantSets<TreeNode[]>>(`${SYSTEM}/menu/grant-top-tree`),
  })
  const keys = useQuery({
    queryKey: ['system', 'top-tree-keys', topMenuId],
    queryFn: () =>
      http.get<GrantSets<string[]>>(`${SYSTEM}/menu/top-tree-keys`, { topMenuIds: topMenuId }),
    gcTime: 0,
  })
  return (
    <Modal opened onClose={onClose} title={t`下级菜单配置`} size="lg" centered>
      {tree.data && keys.data ? (
        <SettingForm
          key={keys.dataUpdatedAt}
          row={shown}
          tree={tree.data.menu}
          keys={keys.data.menu}
          onClose={onClose}
          onReload={(current) => {
            setShown(current)
            void keys.refetch()
          }}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={t`加载中`} />
        </Center>
      )}
    </Modal>
  )
}
