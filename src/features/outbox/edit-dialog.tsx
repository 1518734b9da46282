// Edit a queued row's payload in the entity's engine form, validated by the declaration (docs/offline.md R11). The
// row is queued again under a new idempotency key in its old place (outbox.editRow).
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Alert, Button, Grid, Group, Modal } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useRef, useState } from 'react'
import { keepFieldFocus, useChangedBlur } from '@/crud/form/blur-validation'
import { focusFirstError } from '@/crud/form/first-error'
import type { EntityDef } from '@/domain/entity'
import { FormField, type FieldInputProps } from '@/crud/form/form-field'
import { visibleFields, type FormValues } from '@/crud/form/form-values'
import { renderMessage } from '@/crud/message'
import { RowsEditor } from '@/crud/form/rows-editor'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { upgradePayload } from '@/domain/payload-version'
import type { OutboxRow } from '@/offline/db'
import { editRow } from '@/offline/outbox'
import { editErrors, editFields, editValues, editedPayload } from './edit-values'
import { entityTitle } from './outbox-labels'

interface Props {
  def: EntityDef
  row: OutboxRow
  onClose: () => void
}

export function EditDialog({ def, row, onClose }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  // The form is this build's: a row queued by an older build is shown (and saved, editRow stamps the
  // current version) in the current payload shape.
  const payload = currentPayload(row)
  const fields = editFields(def, { ...row, payload })
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState('')
  const form = useForm<FormValues>({
    initialValues: editValues(fields, payload),
    ...useChangedBlur<FormValues>(),
    validate: (values) => editErrors(fields, values, (m) => renderMessage(i18n, m)),
  })
  const guard = useDirtyGuard(form.isDirty(), onClose)
  const formRef = useRef<HTMLFormElement>(null)
  const onSubmit = form.onSubmit(
    async (values) => {
      setSaving(true)
      try {
        // null: the row left meanwhile (confirmed or discarded in another tab).
        if ((await editRow(row.key, editedPayload(fields, values, payload))) === null)
          setFailure(t`该记录已不在队列中`)
        else onClose()
      } catch (err) {
        setFailure(err instanceof Error ? err.message : String(err))
      } finally {
        setSaving(false)
      }
    },
    () => focusFirstError(formRef.current),
  )
  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        title={`${t`编辑待同步数据`} · ${entityTitle(i18n, row.entity)}`}
        size="xl"
        centered
      >
        <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="outbox-edit-form">
          {failure && (
            <Alert color="red" mb="sm">
              {failure}
            </Alert>
          )}
          <Grid columns={24} gap="sm">
            {visibleFields(fields, form.values).map((f, i) => (
              <Grid.Col
                key={f.name}
                span={{ base: 24, sm: f.type === 'rows' ? 24 : (f.span ?? 12) }}
              >
                {f.type === 'rows' ? (
                  <RowsEditor field={f} form={form} />
                ) : (
                  <FormField
                    field={f}
                    input={form.getInputProps(f.name) as FieldInputProps}
                    autoFocus={i === 0}
                  />
                )}
              </Grid.Col>
            ))}
          </Grid>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={guard.requestClose} {...keepFieldFocus}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" loading={saving} {...keepFieldFocus}>
              <Trans>保存并重新同步</Trans>
            </Button>
          </Group>
        </form>
      </Modal>
      {guard.dialog}
    </>
  )
}

function currentPayload(row: OutboxRow): OutboxRow['payload'] {
  try {
    return upgradePayload(row.entity, row.payload, row.payloadSchemaVersion)
  } catch {
    // A version this build cannot read: shown as stored; the server will say what is wrong.
    return row.payload
  }
}
