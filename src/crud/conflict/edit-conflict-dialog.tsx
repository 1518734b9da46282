// A save refused because the record changed since its form opened (HTTP 409): who changed it and
// when, the fields that differ with mine beside the server's, and the choice: "reload theirs" (the
// form takes the server's record and version) or "keep mine" (my values sent again on that version).
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Button, Group, Modal, Text } from '@mantine/core'
import type { EntityDef } from '@/domain/entity'
import { ConflictTable } from './conflict-table'
import { conflictLines } from './conflict-values'
import type { Row } from '../entity-api'

export interface EditConflict {
  /** The body my save sent. */
  mine: Row
  /** The server's record now, with its version. */
  theirs: Row
  /** Who changed it last, as the server names them ('' when it does not). */
  by: string
}

interface Props {
  def: EntityDef
  conflict: EditConflict
  busy: boolean
  onReload: () => void
  onKeepMine: () => void
  onCancel: () => void
  /** What "mine" is when my change is no fields of the record (a grant's checks), shown instead of the fields. */
  note?: string
}

export function EditConflictDialog({
  def,
  conflict,
  busy,
  onReload,
  onKeepMine,
  onCancel,
  note,
}: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const lines = conflictLines(def, conflict.mine, conflict.theirs).filter((l) => l.differs)
  const who = conflict.by
  const when = typeof conflict.theirs.updateTime === 'string' ? conflict.theirs.updateTime : ''
  return (
    <Modal
      opened
      onClose={onCancel}
      title={`${t`保存冲突`} · ${i18n._(def.title)}`}
      size="xl"
      centered
    >
      <Text size="sm" mb="sm" role="alert">
        {who && when ? t`${who} 于 ${when} 修改了这条记录。` : t`这条记录在你打开后已被他人修改。`}{' '}
        {t`请选择保留哪一份。`}
      </Text>
      {note ? (
        <Text size="sm">{note}</Text>
      ) : lines.length ? (
        <ConflictTable lines={lines} mine={conflict.mine} />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>你修改的字段与服务器上的相同。</Trans>
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          <Trans>取消</Trans>
        </Button>
        <Button variant="light" color="gray" disabled={busy} onClick={onReload}>
          <Trans>载入服务器的</Trans>
        </Button>
        <Button loading={busy} onClick={onKeepMine}>
          <Trans>保留我的</Trans>
        </Button>
      </Group>
    </Modal>
  )
}
