// "Send test" of an SMS configuration: phones (comma list) and template params as a JSON object,
// sent through sms/endpoint/send-message?code=&phones=&params=.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { request } from '@/api/http'
import { logger } from '@/api/logger'
import { config } from '@/config'
import { keepFieldFocus } from '@/crud/form/blur-validation'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'

const PHONE = /^\+?\d{6,15}$/

/** The phones of a comma list, or null when one is not a phone number. */
function parsePhones(text: string): string[] | null {
  const phones = text
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter(Boolean)
  return phones.length && phones.every((p) => PHONE.test(p)) ? phones : null
}

function isJsonObject(text: string): boolean {
  if (!text.trim()) return true
  try {
    const v: unknown = JSON.parse(text)
    return !!v && typeof v === 'object' && !Array.isArray(v)
  } catch {
    return false
  }
}

export function SmsSendDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const form = useForm({
    initialValues: { phones: '', params: '' },
    validateInputOnBlur: true,
    validate: {
      phones: (v) => (parsePhones(v) ? null : t`请输入正确的手机号，多个以逗号分隔`),
      params: (v) => (isJsonObject(v) ? null : t`参数必须是 JSON 对象，例如 {"code":"1234"}`),
    },
  })
  // Typed phones or params are not dropped by 取消, Esc or × without asking.
  const guard = useDirtyGuard(
    form.values.phones.trim() !== '' || form.values.params.trim() !== '',
    onClose,
  )
  const send = form.onSubmit(async (v) => {
    setBusy(true)
    try {
      const query: Record<string, string> = {
        code,
        phones: (parsePhones(v.phones) ?? []).join(','),
      }
      if (v.params.trim()) query.params = JSON.stringify(JSON.parse(v.params))
      await request<unknown>(`${config.apiPrefix}/blade-resource/sms/endpoint/send-message`, {
        method: 'POST',
        query,
      })
      notifications.show({ color: 'green', message: t`发送成功` })
      onClose()
    } catch (err) {
      logger.error('sms-send', err)
    } finally {
      setBusy(false)
    }
  })
  return (
    <>
      <Modal opened onClose={guard.requestClose} title={t`发送测试短信`} centered>
        <form onSubmit={send} noValidate>
          <Stack>
            <TextInput
              label={t`手机号`}
              description={t`多个以逗号分隔`}
              required
              data-autofocus
              {...form.getInputProps('phones')}
            />
            <Textarea
              label={t`参数 (JSON)`}
              placeholder='{"code":"1234"}'
              autosize
              minRows={3}
              styles={{ input: { fontFamily: 'monospace' } }}
              {...form.getInputProps('params')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={guard.requestClose} {...keepFieldFocus}>
                <Trans>取消</Trans>
              </Button>
              <Button type="submit" loading={busy}>
                <Trans>发送</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {guard.dialog}
    </>
  )
}
