// Attachments (/resource/attach): the generic list (sizes in KB) with an upload button and a
// download row action, as the permissions allow.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, FileButton } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconDownload, IconUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import { attach } from '@/domain/resource/attach'
import { uploadAttach } from './attach-upload'
import { refreshAfterWrite } from '@/crud/refresh'

export default function AttachScreen() {
  const { t } = useLingui()
  const can = useSession((s) => s.permission)
  const client = useQueryClient()
  const [busy, setBusy] = useState(false)
  const upload = async (file: File | null) => {
    if (!file) return
    setBusy(true)
    try {
      await uploadAttach(file)
      notifications.show({ color: 'green', message: t`上传成功` })
      void refreshAfterWrite(client, attach.name)
    } catch (err) {
      logger.error('attach-upload', err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <CrudScreen
      entity={attach}
      slots={{
        toolbar: () =>
          can.attach_upload && (
            <FileButton onChange={(f) => void upload(f)}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={busy}
                  leftSection={<IconUpload size={16} />}
                >
                  <Trans>上传</Trans>
                </Button>
              )}
            </FileButton>
          ),
        rowActions: (row) =>
          can.attach_download &&
          !!row.link && (
            <Button
              component="a"
              href={String(row.link)}
              target="_blank"
              rel="noreferrer"
              download={String(row.originalName ?? '')}
              size="compact-sm"
              variant="subtle"
              leftSection={<IconDownload size={14} />}
            >
              <Trans>下载</Trans>
            </Button>
          ),
      }}
    />
  )
}
