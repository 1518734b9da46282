// The columns were saved by someone else after this editor read them (409).
import { Trans } from '@lingui/react/macro'
import { StaleSaveDialog } from '../../crud/conflict/stale-save-dialog'

export function PrototypeConflict({
  onReload,
  onCancel,
}: {
  onReload: () => void
  onCancel: () => void
}) {
  return (
    <StaleSaveDialog
      message={<Trans>该模型的字段配置在你打开后已被他人修改。重新载入会放弃你的修改。</Trans>}
      onReload={onReload}
      onCancel={onCancel}
    />
  )
}
