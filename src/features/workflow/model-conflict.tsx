// The model was saved by someone else after the designer read it (409).
import { Trans } from '@lingui/react/macro'
import { StaleSaveDialog } from '../../crud/conflict/stale-save-dialog'

export function ModelConflict({
  onReload,
  onCancel,
}: {
  onReload: () => void
  onCancel: () => void
}) {
  return (
    <StaleSaveDialog
      message={
        <Trans>
          该流程模型在你打开后已被他人保存，你的修改没有保存。重新载入会显示他人保存的模型并放弃你的修改。
        </Trans>
      }
      onReload={onReload}
      onCancel={onCancel}
    />
  )
}
