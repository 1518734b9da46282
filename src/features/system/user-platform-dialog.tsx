// 平台配置 of one user: the platform (user type) and its extension JSON, from platform-detail,
// saved as POST user/update-platform (userId, userType, userExt).
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Center, Group, Loader, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { http } from '@/api/http'
import { logger } from '@/api/logger'
import { USER_TYPES } from '@/domain/system/user'
import { postUrlencoded, SYSTEM } from './system-api'
import { refreshAfterWrite } from '@/crud/refresh'
import { useDirtyGuard } from '@/crud/use-dirty-guard'

interface Platform {
  id: string
  account: string
  realName: string
  userType: number
  userExt: string
}

const validJson = (s: string) => {
  if (!s.trim()) return true
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}

function PlatformForm({ detail, onClose, onCancel, onDirty }: { detail: Platform; onClose: () => void; onCancel: () => void; onDirty: (dirty: boolean) => void }) {
  const { i18n } = useLinguiCore()
  const { t } = useLingui()
  const client = useQueryClient()
  const [userType, setUserType] = useState<string | null>(String(detail.userType ?? 1))
  const [userExt, setUserExt] = useState(detail.userExt ?? '')
  const jsonError = validJson(userExt) ? undefined : t`请输入正确的JSON格式`
  const dirty = userType !== String(detail.userType ?? 1) || userExt !== (detail.userExt ?? '')
  useEffect(() => onDirty(dirty), [dirty, onDirty])
  const save = useMutation({
    mutationFn: () => postUrlencoded('/user/update-platform', { userId: detail.id, userType: userType ?? '1', userExt }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`操作成功` })
      void refreshAfterWrite(client, 'user')
      onClose()
    },
    onError: (err) => logger.error('user-platform', err),
  })
  return (
    <Stack>
      <TextInput label={t`登录账号`} value={detail.account} readOnly />
      <Select label={t`用户平台`} required allowDeselect={false} data={USER_TYPES.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))} value={userType} onChange={setUserType} />
      <Textarea label={t`用户拓展`} description={t`JSON 格式`} autosize minRows={4} maxRows={12} value={userExt} onChange={(e) => setUserExt(e.currentTarget.value)} error={jsonError} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>取消</Trans>
        </Button>
        <Button disabled={!!jsonError || !userType} loading={save.isPending} onClick={() => save.mutate()}>
          <Trans>保存</Trans>
        </Button>
      </Group>
    </Stack>
  )
}

export function UserPlatformDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useLingui()
  const detail = useQuery({ queryKey: ['crud', 'user', 'platform', userId], queryFn: () => http.get<Platform>(`${SYSTEM}/user/platform-detail`, { id: userId }), gcTime: 0 })
  // A changed platform or extension is not dropped by 取消, Esc or × without asking.
  const [dirty, setDirty] = useState(false)
  const guard = useDirtyGuard(dirty, onClose)
  return (
    <>
    <Modal opened onClose={guard.requestClose} title={t`用户平台配置`} centered>
      {detail.data ? (
        <PlatformForm detail={detail.data} onClose={onClose} onCancel={guard.requestClose} onDirty={setDirty} />
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
