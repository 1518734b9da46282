// "Log contact": status (business dictionary kol_contact_status), note, next contact time and
// response deadline; queued as a follow-up through the outbox. Used on the phone screen and in the
// KOL list's follow-up dialog (which then asks before dropping what was typed: onDirty).
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Select, Stack, Textarea, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import dayjs from 'dayjs'
import { useEffect, useRef, useState } from 'react'
import { logger } from '@/api/logger'
import { keepFieldFocus } from '@/crud/form/blur-validation'
import { useFieldOptions } from '@/crud/dict-options'
import { focusFirstError } from '@/crud/form/first-error'
import { renderMessage } from '@/crud/message'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { kolFollowUp } from '@/domain/kol/kol-follow-up'
import { validateField } from '@/domain/validate'
import { DATETIME, logContact } from './kol-writes'

const field = (name: string) => kolFollowUp.fields.find((f) => f.name === name)!

/** A datetime-local value ('YYYY-MM-DDTHH:mm') as Blade's 'YYYY-MM-DD HH:mm:ss'. */
const toBladeTime = (v: string) => (v ? dayjs(v).format(DATETIME) : '')

const stay = () => {}

interface Props {
  kolId: string
  initialStatus?: string
  onSaved?: () => void
  /** A dialog around the form guards the input itself: the form reports whether it holds any. */
  onDirty?: (dirty: boolean) => void
}

export function ContactForm({ kolId, initialStatus, onSaved, onDirty }: Props) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const status = useFieldOptions(field('contactStatus'))
  const [contactStatus, setContactStatus] = useState<string | null>(initialStatus ?? null)
  const [note, setNote] = useState('')
  const [nextContactTime, setNext] = useState('')
  const [responseDeadline, setDeadline] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const dirty =
    note !== '' ||
    nextContactTime !== '' ||
    responseDeadline !== '' ||
    contactStatus !== (initialStatus ?? null)
  const guard = useDirtyGuard(dirty && !onDirty, stay)
  useEffect(() => onDirty?.(dirty), [dirty, onDirty])
  const box = useRef<HTMLDivElement>(null)

  const save = async () => {
    const values = {
      contactStatus: contactStatus ?? '',
      note,
      nextContactTime: toBladeTime(nextContactTime),
      responseDeadline: toBladeTime(responseDeadline),
    }
    const found: Record<string, string> = {}
    for (const [name, value] of Object.entries(values)) {
      const m = validateField(field(name), value, values)
      if (m) found[name] = renderMessage(i18n, m)
    }
    setErrors(found)
    if (Object.keys(found).length) return focusFirstError(box.current)
    setBusy(true)
    setFailure(null)
    try {
      await logContact(kolId, values)
      notifications.show({ color: 'green', message: t`联系记录已保存到本设备` })
      setNote('')
      setNext('')
      setDeadline('')
      onSaved?.()
    } catch (err) {
      logger.error('kol-contact', err)
      setFailure(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="sm" ref={box}>
      <Select
        size="lg"
        label={t`联系状态`}
        data={status.options.map((o) => ({ value: o.value, label: o.label }))}
        value={contactStatus}
        onChange={setContactStatus}
        allowDeselect={false}
        error={errors.contactStatus}
        placeholder={status.loading ? t`加载中` : undefined}
        required
      />
      <Textarea
        size="lg"
        label={t`跟进内容`}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={errors.note}
        autosize
        minRows={2}
      />
      <TextInput
        size="lg"
        type="datetime-local"
        label={t`下次联系时间`}
        value={nextContactTime}
        onChange={(e) => setNext(e.currentTarget.value)}
        error={errors.nextContactTime}
      />
      <TextInput
        size="lg"
        type="datetime-local"
        label={t`回复期限`}
        value={responseDeadline}
        onChange={(e) => setDeadline(e.currentTarget.value)}
        error={errors.responseDeadline}
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Button size="xl" loading={busy} onClick={() => void save()} {...keepFieldFocus}>
        <Trans>保存联系记录</Trans>
      </Button>
      {guard.dialog}
    </Stack>
  )
}
