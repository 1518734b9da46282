// Code modules (/tool/code): the generic list, plus 复制 (a copy named -copy, with the code_copy
// button) and 生成代码 (the preview of the files and their zip, with the code_gen button) per row.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCopy, IconWand } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useLingui as useI18n } from '@lingui/react'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { staleActionRefused, versionsOf } from '@/crud/conflict/read-versions'
import { refreshAfterWrite } from '@/crud/refresh'
import { code } from '@/domain/develop/code'
import { copyCode } from './code-api'
import { CodePreview } from './code-preview'

export default function CodeScreen() {
  const { t } = useLingui()
  const can = useSession((s) => s.permission)
  const client = useQueryClient()
  const { i18n } = useI18n()
  const [copying, setCopying] = useState<string | null>(null)
  const [preview, setPreview] = useState<{ id: string; name: string } | null>(null)

  const copy = async (row: Row) => {
    const id = String(row.id)
    setCopying(id)
    try {
      // The version listed goes along: a module changed since is refused, said so, and the list refreshed.
      const made = await copyCode(id, versionsOf([row])?.[0])
      const copyName = made?.codeName ?? ''
      notifications.show({ color: 'green', message: t`已复制为 ${copyName}` })
      void refreshAfterWrite(client, code.name)
    } catch (err) {
      if (!staleActionRefused(err, i18n, client, code.name)) logger.error('code-copy', err)
    } finally {
      setCopying(null)
    }
  }

  return (
    <>
      <CrudScreen
        entity={code}
        slots={{
          rowActions: (row) => {
            const name = String(row.codeName)
            return (
              <>
                {can.code_gen && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconWand size={14} />}
                    aria-label={t`生成代码 ${name}`}
                    onClick={() => setPreview({ id: String(row.id), name })}
                  >
                    <Trans>生成代码</Trans>
                  </Button>
                )}
                {can.code_copy && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconCopy size={14} />}
                    loading={copying === String(row.id)}
                    aria-label={t`复制 ${name}`}
                    onClick={() => void copy(row)}
                  >
                    <Trans>复制</Trans>
                  </Button>
                )}
              </>
            )
          },
        }}
      />
      {preview && (
        <CodePreview id={preview.id} name={preview.name} onClose={() => setPreview(null)} />
      )}
    </>
  )
}
