// Avatar picker: checks type and size before uploading, shows the uploaded image.
import { useLingui } from '@lingui/react/macro'
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { DEFAULT_AVATAR } from '@/api/session'
import { uploadAvatar } from './profile-api'
import { checkAvatar } from './profile-rules'

export function AvatarUpload({
  value,
  onChange,
}: {
  value: string
  onChange: (link: string) => void
}) {
  const { t } = useLingui()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const pick = (file: File | null) => {
    if (!file) return
    const problem = checkAvatar(file)
    setError(problem)
    if (problem) return
    setBusy(true)
    uploadAvatar(file)
      .then(onChange)
      .catch((err: unknown) => {
        logger.error('avatar upload', err)
        setError(t`头像上传失败`)
      })
      .finally(() => setBusy(false))
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>{t`头像`}</Text>
      <Group>
        <Avatar src={value || DEFAULT_AVATAR} size={72} radius="xl" alt={t`头像`} />
        <FileButton onChange={pick} accept="image/png,image/jpeg">
          {(props) => (
            <Button
              {...props}
              variant="light"
              loading={busy}
              leftSection={<IconUpload size={16} />}
              data-testid="avatar-button"
            >
              {t`上传头像`}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ?? t`只能上传 JPG/PNG 文件，且不超过 500KB`}
      </Text>
    </Stack>
  )
}
