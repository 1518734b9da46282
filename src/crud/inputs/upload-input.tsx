// An upload control: the chosen file goes to the object storage (multipart `file`) and the field
// keeps the returned link.
import { useLingui } from '@lingui/react/macro'
import { Anchor, Button, FileButton, Group, Input } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { http } from '@/api/http'
import { logger } from '@/api/logger'
import { config } from '@/config'

interface Props {
  label: string
  required?: boolean
  value: string
  error?: string
  onChange: (link: string) => void
}

export function UploadInput({ label, required, value, error, onChange }: Props) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const upload = async (file: File | null) => {
    if (!file) return
    const body = new FormData()
    body.append('file', file)
    setBusy(true)
    try {
      const data = await http.post<{ link: string }>(
        `${config.apiPrefix}/blade-resource/oss/endpoint/put-file`,
        body,
      )
      if (data?.link) onChange(data.link)
    } catch (err) {
      logger.error('crud-upload', err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Input.Wrapper label={label} required={required} error={error}>
      <Group gap="xs">
        <FileButton onChange={(f) => void upload(f)}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={busy}
              leftSection={<IconUpload size={14} />}
            >
              {t`上传`}
            </Button>
          )}
        </FileButton>
        {value && (
          <Anchor href={value} target="_blank" rel="noreferrer" size="sm">
            {value.split('/').pop()}
          </Anchor>
        )}
      </Group>
    </Input.Wrapper>
  )
}
