// "New quotation" on the phone: the engine's add form over the quotation declaration, full screen,
// for one KOL, saved to the outbox (works offline) and shown at once in the KOL's quote list.
import { useLingui } from '@lingui/react/macro'
import type { UseFormReturnType } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { CrudForm } from '@/crud/form/crud-form'
import { optionsQuery } from '@/crud/dict-options'
import { formFields, type FormValues } from '@/crud/form/form-values'
import type { Kol } from './kol-overlay'
import { createQuote } from './kol-writes'
import { followRecord, newQuoteDefaults, quoteForm } from './quote-new'

/** Keeps the schedule rows' prices in step with the record's (see followRecord). */
function FollowRecord({ form }: { form: UseFormReturnType<FormValues> }) {
  const prev = useRef(form.values)
  useEffect(() => {
    const rows = followRecord(prev.current, form.values)
    prev.current = form.values
    if (rows) form.setFieldValue('detail', rows)
  }, [form, form.values])
  return null
}

/** Reads the form's dictionaries while online, so the form can be filled offline later. */
export function usePrefetchQuoteOptions(): void {
  const client = useQueryClient()
  useEffect(() => {
    for (const f of formFields(quoteForm, 'add'))
      if (f.options && f.options.kind !== 'static')
        void client.prefetchQuery(optionsQuery(f.options))
  }, [client])
}

export function NewQuoteDialog({ kol, onClose }: { kol: Kol; onClose: () => void }) {
  const { t } = useLingui()
  const name = String(kol.kolName || kol.tkUserName || '')
  const save = async (body: Record<string, unknown>) => {
    await createQuote(kol.id, body)
    notifications.show({ color: 'green', message: t`报价已保存到本设备` })
  }
  return (
    <CrudForm
      def={quoteForm}
      mode="add"
      layout="phone"
      title={t`新增报价：${name}`}
      defaults={newQuoteDefaults(kol)}
      fixed={{ kolId: kol.id }}
      submitWith={save}
      section={({ form }) => <FollowRecord form={form} />}
      onClose={onClose}
    />
  )
}
