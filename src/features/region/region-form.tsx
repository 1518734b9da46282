// Add a child region or edit one: the declaration's fields and messages, validated on blur. The
// code is the key, so it is fixed once the region exists; the parent is the one chosen in the tree.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Button, Grid, Group, Modal, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { logger } from '@/api/logger'
import type { Row } from '@/crud/entity-api'
import { FormField, type FieldInputProps } from '@/crud/form-field'
import { formFields, toBody, toFormValues, toWireValue, type FormValues } from '@/crud/form-values'
import { renderMessage } from '@/crud/message'
import { region } from '@/domain/system/region'
import { validateField } from '@/domain/validate'
import { regionApi } from './region-api'

const codeLabel = region.fields.find((f) => f.name === 'code')!.label

interface Props {
  /** add: a child of `parent`; edit: `record` itself. */
  mode: 'add' | 'edit'
  parent: { code: string; name: string; level: number }
  record?: Row
  onSaved: () => void
  onClose: () => void
}

export function RegionForm({ mode, parent, record, onSaved, onClose }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const fields = formFields(region, mode).filter((f) => f.name !== 'parentCode' && !(mode === 'edit' && f.name === 'code'))
  const [busy, setBusy] = useState(false)
  const initial = mode === 'edit' ? record : { level: Math.min(parent.level + 1, 5) }
  const form = useForm<FormValues>({
    initialValues: toFormValues(region, mode, initial),
    validateInputOnBlur: true,
    validate: (values) => {
      const wire = Object.fromEntries(fields.map((f) => [f.name, toWireValue(f, values[f.name] ?? null)]))
      const errors: Record<string, string> = {}
      for (const f of fields) {
        const m = validateField(f, wire[f.name], wire)
        if (m) errors[f.name] = renderMessage(i18n, m)
      }
      return errors
    },
  })
  const submit = form.onSubmit(async (values) => {
    setBusy(true)
    try {
      const body = { ...toBody(region, mode, values), parentCode: parent.code, ...(mode === 'edit' ? { code: record?.code } : {}) }
      await regionApi.submit(body)
      notifications.show({ color: 'green', message: mode === 'add' ? t`新增成功` : t`修改成功` })
      onSaved()
    } catch (err) {
      logger.error('region-submit', err)
    } finally {
      setBusy(false)
    }
  })
  return (
    <Modal opened onClose={onClose} title={`${mode === 'add' ? t`新增` : t`编辑`} ${i18n._(region.title)}`} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Grid columns={24} gap="sm">
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={t`上级区划`} value={parent.name} readOnly variant="filled" />
          </Grid.Col>
          {mode === 'edit' && (
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput label={i18n._(codeLabel)} value={String(record?.code ?? '')} readOnly variant="filled" />
            </Grid.Col>
          )}
          {fields.map((f, i) => (
            <Grid.Col key={f.name} span={{ base: 24, sm: f.span ?? 12 }}>
              <FormField field={f} input={form.getInputProps(f.name) as FieldInputProps} autoFocus={i === 0} />
            </Grid.Col>
          ))}
        </Grid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            {mode === 'add' ? <Trans>保存</Trans> : <Trans>修改</Trans>}
          </Button>
        </Group>
      </form>
    </Modal>
  )
}
