// 用户数据导入: the template to fill in, an .xlsx to upload and whether existing accounts are
// overwritten; POST user/import-user (multipart file + isCovered). The server's message (how many
// rows it took, or which rows are wrong) is shown as it comes.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, FileInput, Group, Modal, Stack, Switch } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { download, getBlob, postForm } from './system-api'
import { refreshAfterWrite } from '@/crud/refresh'

export function UserImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const client = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [covered, setCovered] = useState(false)
  const template = useMutation({
    mutationFn: () => getBlob('/user/export-template'),
    onSuccess: (blob) => download(blob, `${t`用户数据模板`}.xlsx`),
    onError: (err) => logger.error('user-template', err),
  })
  const upload = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData()
      form.append('file', f)
      form.append('isCovered', covered ? '1' : '0')
      return postForm('/user/import-user', form)
    },
    onSuccess: (msg) => {
      notifications.show({ color: 'green', message: msg || t`操作成功` })
      void refreshAfterWrite(client, 'user')
      onClose()
    },
    onError: (err) => logger.error('user-import', err),
  })
  return (
    <Modal opened onClose={onClose} title={t`用户数据导入`} centered>
      <Stack>
        <FileInput
          label={t`模板上传`}
          placeholder={t`请选择 .xlsx 文件`}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={setFile}
          clearable
        />
        <Switch
          label={t`覆盖已有数据`}
          checked={covered}
          onChange={(e) => setCovered(e.currentTarget.checked)}
        />
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconDownload size={16} />}
            loading={template.isPending}
            onClick={() => template.mutate()}
          >
            <Trans>下载模板</Trans>
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              <Trans>取消</Trans>
            </Button>
            <Button
              disabled={!file}
              loading={upload.isPending}
              onClick={() => file && upload.mutate(file)}
            >
              <Trans>导入</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  )
}
