// Top-menu setting (菜单配置): which menus a top menu shows — a checkbox tree from grant-top-tree,
// checked from top-tree-keys, saved as POST topmenu/grant {topMenuIds, menuIds}.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Center, Group, Loader, Modal } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { http } from '@/api/http'
import { logger } from '@/api/logger'
import { checkedWithHalf, indexTree } from '@/crud/check-tree-state'
import { CheckTree } from '@/crud/check-tree'
import { postJson, SYSTEM, type GrantSets, type TreeNode } from './system-api'

function SettingForm({ topMenuId, tree, keys, onClose }: { topMenuId: string; tree: TreeNode[]; keys: string[]; onClose: () => void }) {
  const { t } = useLingui()
  const [menu, setMenu] = useState(keys)
  const idx = useMemo(() => indexTree(tree), [tree])
  const save = useMutation({
    mutationFn: () => postJson('/topmenu/grant', { topMenuIds: [topMenuId], menuIds: checkedWithHalf(idx, new Set(menu)) }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`操作成功` })
      onClose()
    },
    onError: (err) => logger.error('topmenu-grant', err),
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
    </>
  )
}

export function TopMenuGrantDialog({ topMenuId, onClose }: { topMenuId: string; onClose: () => void }) {
  const { t } = useLingui()
  const tree = useQuery({ queryKey: ['system', 'grant-top-tree'], queryFn: () => http.get<GrantSets<TreeNode[]>>(`${SYSTEM}/menu/grant-top-tree`) })
  const keys = useQuery({ queryKey: ['system', 'top-tree-keys', topMenuId], queryFn: () => http.get<GrantSets<string[]>>(`${SYSTEM}/menu/top-tree-keys`, { topMenuIds: topMenuId }), gcTime: 0 })
  return (
    <Modal opened onClose={onClose} title={t`下级菜单配置`} size="lg" centered>
      {tree.data && keys.data ? (
        <SettingForm topMenuId={topMenuId} tree={tree.data.menu} keys={keys.data.menu} onClose={onClose} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t`加载中`} />
        </Center>
      )}
    </Modal>
  )
}
