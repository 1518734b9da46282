// The user screen's own actions, each shown only with its button code: on the selected users
// 角色配置 / 密码重置 / 账号解封 / 导入 / 导出; on a row 审核通过 / 审核拒绝 (users awaiting audit) and
// 平台配置. Yes/no actions confirm first, then POST with userIds and the versions of the rows shown:
// a user changed since is refused, said so, and the list refreshed.
import { useLingui as useI18n } from '@lingui/react'
import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  IconCheck,
  IconDevices,
  IconKey,
  IconLockOpen,
  IconUpload,
  IconUserShield,
  IconX,
} from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import type { Row } from '@/crud/entity-api'
import { staleActionRefused, versionsQuery } from '@/crud/conflict/read-versions'
import type { CrudContext } from '@/crud/slots'
import { rowId } from '@/crud/table/table-props'
import { postWithQuery } from './system-api'
import { UserGrantDialog } from './user-grant-dialog'
import { UserImportDialog } from './user-import-dialog'
import { UserPlatformDialog } from './user-platform-dialog'
import { refreshAfterWrite } from '@/crud/refresh'

type Confirmable = 'reset-password' | 'unlock' | 'audit-pass' | 'audit-refuse'
type Open =
  | { kind: Confirmable; rows: Row[] }
  | { kind: 'grant'; rows: Row[]; roleIds: string[] }
  | { kind: 'import' }
  | { kind: 'platform'; id: string }
  | null

const AWAITING_AUDIT = 0

export function useUserActions() {
  const { t } = useLingui()
  const { i18n } = useI18n()
  const client = useQueryClient()
  const perm = useSession((s) => s.permission)
  const can = (code: string) => perm[code] === true
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const questions: Record<Confirmable, string> = {
    'reset-password': t`确定将选择账号密码重置为初始密码?`,
    unlock: t`确定将选择账号解封?`,
    'audit-pass': t`确定将选择账号审核通过?`,
    'audit-refuse': t`确定将选择账号审核拒绝?`,
  }
  const act = useMutation({
    mutationFn: ({ kind, rows }: { kind: Confirmable; rows: Row[] }) =>
      postWithQuery(
        `/user/${kind}`,
        { userIds: rows.map(rowId).join(','), ...versionsQuery(rows) },
        { quietFor: [409] },
      ),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`操作成功` })
      void refreshAfterWrite(client, 'user')
    },
    onError: (err) => {
      if (!staleActionRefused(err, i18n, client, 'user')) logger.error('user-action', err)
    },
    onSettled: close,
  })

  /** Runs `fn` with the selected rows, or asks for a selection. */
  const onSelected = (ctx: CrudContext, fn: (rows: Row[]) => void) => () => {
    if (ctx.selected.length === 0)
      notifications.show({ color: 'yellow', message: t`请选择至少一条数据` })
    else fn(ctx.selected)
  }
  const button = (label: string, icon: ReactNode, onClick: () => void, loading = false) => (
    <Button key={label} variant="light" leftSection={icon} onClick={onClick} loading={loading}>
      {label}
    </Button>
  )

  const toolbar = (ctx: CrudContext) => {
    const single = ctx.selected.length === 1 ? String(ctx.selected[0].roleId ?? '') : ''
    return (
      <>
        {can('user_role') &&
          button(
            t`角色配置`,
            <IconUserShield size={16} />,
            onSelected(ctx, (rows) =>
              setOpen({ kind: 'grant', rows, roleIds: single.split(',').filter(Boolean) }),
            ),
          )}
        {can('user_reset') &&
          button(
            t`密码重置`,
            <IconKey size={16} />,
            onSelected(ctx, (rows) => setOpen({ kind: 'reset-password', rows })),
          )}
        {can('user_unlock') &&
          button(
            t`账号解封`,
            <IconLockOpen size={16} />,
            onSelected(ctx, (rows) => setOpen({ kind: 'unlock', rows })),
          )}
        {can('user_import') &&
          button(t`导入`, <IconUpload size={16} />, () => setOpen({ kind: 'import' }))}
      </>
    )
  }

  const rowActions = (row: Row) => {
    const id = rowId(row)
    const small = (label: string, icon: ReactNode, onClick: () => void, color?: string) => (
      <Button
        key={label}
        size="compact-sm"
        variant="subtle"
        color={color}
        leftSection={icon}
        onClick={onClick}
      >
        {label}
      </Button>
    )
    return (
      <>
        {can('user_audit') &&
          Number(row.status) === AWAITING_AUDIT &&
          small(
            t`审核通过`,
            <IconCheck size={14} />,
            () => setOpen({ kind: 'audit-pass', rows: [row] }),
            'green',
          )}
        {can('user_audit') &&
          Number(row.status) === AWAITING_AUDIT &&
          small(
            t`审核拒绝`,
            <IconX size={14} />,
            () => setOpen({ kind: 'audit-refuse', rows: [row] }),
            'red',
          )}
        {can('user_platform') &&
          small(t`平台配置`, <IconDevices size={14} />, () => setOpen({ kind: 'platform', id }))}
      </>
    )
  }

  const dialogs = (
    <>
      {open &&
        (open.kind === 'reset-password' ||
          open.kind === 'unlock' ||
          open.kind === 'audit-pass' ||
          open.kind === 'audit-refuse') && (
          <ConfirmDialog
            message={questions[open.kind]}
            busy={act.isPending}
            onConfirm={() => act.mutate({ kind: open.kind, rows: open.rows })}
            onCancel={close}
          />
        )}
      {open?.kind === 'grant' && (
        <UserGrantDialog users={open.rows} roleIds={open.roleIds} onClose={close} />
      )}
      {open?.kind === 'import' && <UserImportDialog onClose={close} />}
      {open?.kind === 'platform' && <UserPlatformDialog userId={open.id} onClose={close} />}
    </>
  )
  return { toolbar, rowActions, dialogs }
}
