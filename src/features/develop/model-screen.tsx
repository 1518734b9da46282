// Data models (/tool/model): the generic list, plus 模型配置 per row opening the editor of the
// model's columns (with the model_prototype button).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconColumns } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import { model } from '@/domain/develop/model'
import { PrototypeEditor } from './prototype-editor'

export default function ModelScreen() {
  const { t } = useLingui()
  const can = useSession((s) => s.permission)
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null)
  return (
    <>
      <CrudScreen
        entity={model}
        slots={{
          rowActions: (row) => {
            const name = String(row.modelName)
            return (
              can.model_prototype && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconColumns size={14} />}
                  aria-label={t`模型配置 ${name}`}
                  onClick={() => setOpen({ id: String(row.id), name })}
                >
                  <Trans>模型配置</Trans>
                </Button>
              )
            )
          },
        }}
      />
      {open && (
        <PrototypeEditor modelId={open.id} modelName={open.name} onClose={() => setOpen(null)} />
      )}
    </>
  )
}
