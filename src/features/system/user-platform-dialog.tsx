// 平台配置 of one user: the platform (user type) and its extension JSON, from platform-detail,
// saved as POST user/update-platform (userId, userType, userExt, and the version read). A user changed
// since opens the conflict dialog: reload theirs, or keep mine on their version.
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { http } from '@/api/http'
import { logger } from '@/api/logger'
import { user as userDef, USER_TYPES } from '@/domain/system/user'
import type { Row } from '@/crud/entity-api'
import { useConflict } from '@/crud/conflict/use-conflict'
import { postUrlencoded, SYSTEM } from './system-api'
import { refreshAfterWrite } from '@/crud/refresh'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'

interface Platform {
  id: string
  account: string
  realName: string
  userType: number
  userExt: string
  /** Absent from a server that keeps no versions. */
  version?: number
}

/** The user as the conflict dialog shows it: the extension, kept out of the user form, labelled too. */
const platformDef = {
  ...userDef,
  fields: [...userDef.fields, { name: 'userExt', label: msg`用户拓展`, type: 'text' as const }],
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

function PlatformForm({
  detail,
  onClose,
  onCancel,
  onDirty,
}: {
  detail: Platform
  onClose: () => void
  onCancel: () => void
  onDirty: (dirty: boolean) => void
}) {
  const { i18n } = useLinguiCore()
  const { t } = useLingui()
  const client = useQueryClient()
  const [userType, setUserType] = useState<string | null>(String(detail.userType ?? 1))
  const [userExt, setUserExt] = useState(detail.userExt ?? '')
  const jsonError = validJson(userExt) ? undefined : t`请输入正确的JSON格式`
  const dirty = userType !== String(detail.userType ?? 1) || userExt !== (detail.userExt ?? '')
  useEffect(() => onDirty(dirty), [dirty, onDirty])
  const [version, setVersion] = useState(detail.version)
  const send = async (mine: Row) => {
    const v: Record<string, string> =
      mine.version === undefined || mine.version === null || Number.isNaN(mine.version)
        ? {}
        : { version: String(mine.version) }
    await postUrlencoded(
      '/user/update-platform',
      {
        userId: detail.id,
        userType: String(mine.userType ?? '1'),
        userExt: String(mine.userExt ?? ''),
        ...v,
      },
      { quietFor: [409] },
    )
    notifications.show({ color: 'green', message: t`操作成功` })
    void refreshAfterWrite(client, 'user')
    onClose()
  }
  const conflict = useConflict({
    def: platformDef,
    logAs: 'user-platform',
    onReload: (theirs) => {
      setUserType(String(theirs.userType ?? 1))
      setUserExt(typeof theirs.userExt === 'string' ? theirs.userExt : '')
      setVersion(Number(theirs.version))
    },
    save: async (mine) => {
      setVersion(Number(mine.version))
      await send(mine)
    },
  })
  const save = useMutation({
    mutationFn: () => send({ userType: userType ?? '1', userExt, version }),
    onError: async (err) => {
      if (!(await conflict.caught(err, { userType: Number(userType ?? 1), userExt })))
        logger.error('user-platform', err)
    },
  })
  return (
    <Stack>
      <TextInput label={t`登录账号`} value={detail.account} readOnly />
      <Select
        label={t`用户平台`}
        required
        allowDeselect={false}
        data={USER_TYPES.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
        value={userType}
        onChange={setUserType}
      />
      <Textarea
        label={t`用户拓展`}
        description={t`JSON 格式`}
        autosize
        minRows={4}
        maxRows={12}
        value={userExt}
        onChange={(e) => setUserExt(e.currentTarget.value)}
        error={jsonError}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>取消</Trans>
        </Button>
        <Button
          disabled={!!jsonError || !userType}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          <Trans>保存</Trans>
        </Button>
      </Group>
      {conflict.dialog}
    </Stack>
  )
}

export function UserPlatformDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useLingui()
  const detail = useQuery({
    queryKey: ['crud', 'user', 'platform', userId],
    queryFn: () => http.get<Platform>(`${SYSTEM}/user/platform-detail`, { id: userId }),
    gcTime: 0,
  })
  // A changed platform or extension is not dropped by 取消, Esc or × without asking.
  const [dirty, setDirty] = useState(false)
  const guard = useDirtyGuard(dirty, onClose)
  return (
    <>
      <Modal opened onClose={guard.requestClose} title={t`用户平台配置`} centered>
        {detail.data ? (
          <PlatformForm
            detail={detail.data}
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
