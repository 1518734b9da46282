// A conflict (docs/offline.md R8, R11): my queued change beside the server's current record, field by field, with
// "keep mine" (resend on top of the server's version) and "take theirs" (drop my change).
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { ConflictTable } from '@/crud/conflict/conflict-table'
import { conflictLines, showValue } from '@/crud/conflict/conflict-values'
import type { OutboxRow } from '@/offline/db'
import { keepMine, takeTheirs } from '@/offline/outbox'
import { entityOf, entityTitle } from './outbox-labels'

interface Props {
  row: OutboxRow
  onClose: () => void
}

export function ConflictDialog({ row, onClose }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const [busy, setBusy] = useState(false)
  const theirs = row.serverRecord ?? null
  const lines = conflictLines(entityOf(row.entity), row.payload, theirs)
  const act = (work: () => Promise<unknown>) => async () => {
    setBusy(true)
    try {
      await work()
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t`处理冲突`} · ${entityTitle(i18n, row.entity)}`}
      size="xl"
      centered
    >
      <Text size="sm" mb="sm" c="dimmed">
        {theirs
          ? t`服务器上的记录在你离线时被修改（版本 ${showValue(theirs.version)}）。请选择保留哪一份。`
          : t`服务器上的记录已被删除。`}
      </Text>
      {theirs ? (
        <ConflictTable lines={lines} mine={row.payload} />
      ) : (
        <Alert color="orange">
          <Trans>
            无法在已删除的记录上保留你的修改；可以采用服务器的结果（放弃修改）或丢弃此条。
          </Trans>
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          <Trans>取消</Trans>
        </Button>
        <Button
          variant="light"
          color="gray"
          loading={busy}
          onClick={act(() => takeTheirs(row.key))}
        >
          <Trans>采用服务器的</Trans>
        </Button>
        <Button loading={busy} disabled={!theirs} onClick={act(() => keepMine(row.key))}>
          <Trans>保留我的</Trans>
        </Button>
      </Group>
    </Modal>
  )
}
