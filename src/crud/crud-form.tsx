// The add/edit dialog: form fields of the declaration, validated on blur by validateField with the
// declaration's messages, submitted through {api}/submit. Enter submits, Esc closes and focus returns
// to the button that opened it. A failed save keeps the dialog open with everything typed.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Button, Center, Grid, Group, Loader, Modal } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { logger } from '@/api/logger'
import type { EntityDef } from '@/domain/entity'
import { validateField } from '@/domain/validate'
import { entityQueries, useSubmit, type Row } from './entity-api'
import { FormField, type FieldInputProps } from './form-field'
import { formFields, toBody, toFormValues, toWireValue, type FormMode, type FormValues } from './form-values'
import { renderMessage } from './message'

/** A screen's extra form content; values it sets under undeclared names are submitted as they are. */
export type FormSection = (ctx: { mode: FormMode; form: UseFormReturnType<FormValues>; record: Row }) => ReactNode

interface Props {
  def: EntityDef
  mode: FormMode
  /** The record being edited. */
  id?: string
  onClose: () => void
  section?: FormSection
  /** Fixed values merged into the body (a screen's fixed query params, e.g. a parent id). */
  fixed?: Row
}

export function CrudForm({ def, mode, id, onClose, section, fixed }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const detail = useQuery({ ...entityQueries(def).detail(id ?? ''), enabled: mode === 'edit' && !!id })
  const title = `${mode === 'add' ? t`新增` : t`编辑`} ${i18n._(def.title)}`
  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered>
      {mode === 'edit' && !detail.data ? (
        <Center py="xl">
          <Loader aria-label={t`加载中`} />
        </Center>
      ) : (
        <FormBody def={def} mode={mode} id={id} record={detail.data ?? {}} onClose={onClose} section={section} fixed={fixed} />
      )}
    </Modal>
  )
}

function FormBody({ def, mode, id, record, onClose, section, fixed }: Props & { record: Row }) {
  const { i18n } = useLingui()
  const { t } = useT()
  const fields = formFields(def, mode)
  const submit = useSubmit(def)
  const form = useForm<FormValues>({
    initialValues: toFormValues(def, mode, record),
    validateInputOnBlur: true,
    validate: (values) => {
      const errors: Record<string, string> = {}
      const record = Object.fromEntries(fields.map((f) => [f.name, toWireValue(f, values[f.name] ?? null)]))
      for (const f of fields) {
        const m = validateField(f, record[f.name], record)
        if (m) errors[f.name] = renderMessage(i18n, m)
      }
      return errors
    },
  })
  const declared = new Set(fields.map((f) => f.name))
  const onSubmit = form.onSubmit(async (values) => {
    const extra = Object.fromEntries(Object.entries(values).filter(([k]) => !declared.has(k)))
    try {
      await submit.mutateAsync({ ...fixed, ...extra, ...toBody(def, mode, values, id) })
      notifications.show({ color: 'green', message: mode === 'add' ? t`新增成功` : t`修改成功` })
      onClose()
    } catch (err) {
      // The client already showed the server's message; the form keeps what was typed.
      logger.error(`crud-submit:${def.name}`, err)
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate>
      <Grid columns={24} gap="sm">
        {fields.map((f, i) => (
          <Grid.Col key={f.name} span={{ base: 24, sm: f.span ?? 12 }}>
            <FormField field={f} input={form.getInputProps(f.name) as FieldInputProps} autoFocus={i === 0} />
          </Grid.Col>
        ))}
      </Grid>
      {section?.({ mode, form, record })}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          <Trans>取消</Trans>
        </Button>
        <Button type="submit" loading={submit.isPending}>
          {mode === 'add' ? <Trans>保存</Trans> : <Trans>修改</Trans>}
        </Button>
      </Group>
    </form>
  )
}
