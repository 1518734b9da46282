// The add/edit dialog: form fields of the declaration, validated by validateField with the
// declaration's messages (on blur once changed, all at once on save), submitted through
// {api}/submit. Fields with visibleWhen show (and are validated and sent) only while their condition holds; 'rows' fields are inline sub-tables checked
// cell by cell. Enter submits, Esc closes and focus returns to the button that opened it. A failed
// save keeps the dialog open with everything typed, its messages under the fields; a save refused
// because the record changed since it opened shows the conflict dialog (use-edit-conflict.tsx). Unsaved
// input is never dropped without asking. A screen may save elsewhere (submitWith: the outbox) and use the
// phone layout (full screen, large targets).
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import {
  Button,
  Center,
  Grid,
  Group,
  Loader,
  MantineThemeProvider,
  Modal,
  Title,
  type MantineThemeOverride,
} from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react'
import { BladeHttpError } from '@/api/http'
import { logger } from '@/api/logger'
import { keepsStoredSecret, SECRETS_SET, type EntityDef, type FieldDef } from '@/domain/entity'
import { isVisible, validateField } from '@/domain/validate'
import { keepFieldFocus, useChangedBlur } from './blur-validation'
import { useSubmit, type Row } from '../entity-api'
import { focusFirstError } from './first-error'
import { FormErrorSummary } from './form-error-summary'
import { FormInputField, type FieldInputProps } from './form-field'
import {
  formFields,
  toBody,
  toFormValues,
  toWireRecord,
  visibleFields,
  type FormMode,
  type FormValues,
} from './form-values'
import { renderMessage } from '../message'
import { RowsEditor } from './rows-editor'
import { showServerErrors } from './server-errors'
import { useDirtyGuard } from './use-dirty-guard'
import { useEditConflict, useEditedRecord } from './use-edit-conflict'

/** A screen's extra form content; values it sets under undeclared names are submitted as they are. */
export type FormSection = (ctx: {
  mode: FormMode
  form: UseFormReturnType<FormValues>
  record: Row
}) => ReactNode

interface Props {
  def: EntityDef
  mode: FormMode
  /** The key of the record being edited. */
  id?: string
  onClose: () => void
  /** After a successful save (before the dialog closes). */
  onSaved?: (row: Row) => void
  section?: FormSection
  /** The field the section follows (its group's place), when that field is shown; else it closes the form. */
  sectionAfter?: string
  /** Controls the screen draws instead of the engine's, by field name (validated and submitted the same way). */
  controls?: Record<string, FormSection>
  /** Fixed values merged into the body (a screen's fixed query params, e.g. a parent id). */
  fixed?: Row
  /** Adding: the values the new record starts with (a child's parent, the chosen menu). */
  defaults?: Row
  /** Multiple tree fields whose checks cascade (see CheckTreeInput). */
  cascade?: string[]
  /** The dialog's title (default: 新增/编辑 and the entity's title). */
  title?: string
  /** 'phone': full screen, large controls and text (iOS Safari zooms into inputs under 16 px), the buttons always in view. */
  layout?: 'dialog' | 'phone'
  /** Saves the body instead of POST {api}/submit (an outbox write); the caller tells the user where it went. */
  submitWith?: (body: Row) => Promise<unknown>
}

/** Larger controls for fingers: inputs and buttons 50 px, icon buttons 44 px. */
const PHONE_THEME: MantineThemeOverride = {
  components: {
    Input: { defaultProps: { size: 'lg' } },
    Button: { defaultProps: { size: 'lg' } },
    ActionIcon: { defaultProps: { size: 'xl' } },
  },
}

export function CrudForm({ def, mode, id, onClose, title, layout = 'dialog', ...rest }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const detail = useEditedRecord(def, id, mode === 'edit' && !!id)
  const [dirty, setDirty] = useState(false)
  const guard = useDirtyGuard(dirty, onClose)
  const phone = layout === 'phone'
  const dialog = (
    <Modal
      opened
      onClose={guard.requestClose}
      title={title ?? `${mode === 'add' ? t`新增` : t`编辑`} ${i18n._(def.title)}`}
      size="xl"
      centered
      fullScreen={phone}
    >
      {mode === 'edit' && !detail.ready ? (
        <Center py="xl">
          <Loader aria-label={t`加载中`} />
        </Center>
      ) : (
        <FormBody
          def={def}
          mode={mode}
          id={id}
          record={mode === 'add' ? (rest.defaults ?? {}) : (detail.data ?? {})}
          onClose={onClose}
          onCancel={guard.requestClose}
          sticky={phone}
          onDirty={setDirty}
          {...rest}
        />
      )}
    </Modal>
  )
  return (
    <>
      {phone ? <MantineThemeProvider theme={PHONE_THEME}>{dialog}</MantineThemeProvider> : dialog}
      {guard.dialog}
    </>
  )
}

/** Messages of a form's shown fields; a rows field's cells under `name.index.cell`. */
function formErrors(
  fields: FieldDef[],
  values: FormValues,
  mode: FormMode,
  say: (m: NonNullable<ReturnType<typeof validateField>>) => string,
): Record<string, string> {
  const errors: Record<string, string> = {}
  const record = toWireRecord(fields, values)
  for (const f of fields) {
    if (!isVisible(f, record) || keepsStoredSecret(f, record[f.name], mode)) continue
    if (
      f.type === 'rows' &&
      Array.isArray(record[f.name]) &&
      (record[f.name] as Row[]).length > 0
    ) {
      ;(record[f.name] as Row[]).forEach((row, i) => {
        for (const sub of f.rows ?? []) {
          const m = validateField(sub, row[sub.name], row)
          if (m) errors[`${f.name}.${i}.${sub.name}`] = say(m)
        }
      })
      continue
    }
    const m = validateField(f, record[f.name], record)
    if (m) errors[f.name] = say(m)
  }
  return errors
}

interface BodyProps extends Omit<Props, 'title' | 'layout'> {
  record: Row
  onCancel: () => void
  onDirty?: (dirty: boolean) => void
  /** The buttons stay at the bottom of the screen while the fields scroll. */
  sticky?: boolean
}

const STICKY = {
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  paddingBlock: 'var(--mantine-spacing-sm)',
} as const

function FormBody({
  def,
  mode,
  id,
  record,
  onClose,
  onCancel,
  onDirty,
  sticky,
  onSaved,
  section,
  sectionAfter,
  controls,
  fixed,
  submitWith,
  cascade = [],
}: BodyProps) {
  const { i18n } = useLingui()
  const { t } = useT()
  const fields = formFields(def, mode)
  const posted = useSubmit(def)
  const custom = useMutation({
    mutationFn: (body: Row) => (submitWith ? submitWith(body) : Promise.resolve(null)),
  })
  const submit = submitWith ? custom : posted
  const form = useForm<FormValues>({
    initialValues: toFormValues(def, mode, record),
    ...useChangedBlur<FormValues>(),
    validate: (values) => formErrors(fields, values, mode, (m) => renderMessage(i18n, m)),
  })
  const isDirty = form.isDirty()
  useEffect(() => onDirty?.(isDirty), [isDirty, onDirty])
  const formRef = useRef<HTMLFormElement>(null)
  const [refused, setRefused] = useState(false)
  const showErrors = () => {
    setRefused(true)
    focusFirstError(formRef.current)
  }
  const declared = new Set(fields.map((f) => f.name))
  const save = async (body: Row) => {
    await submit.mutateAsync(body)
    onSaved?.(body)
    if (!submitWith)
      notifications.show({ color: 'green', message: mode === 'add' ? t`新增成功` : t`修改成功` })
    onClose()
  }
  const conflicts = useEditConflict({ def, mode, id, record, form, save })
  const onSubmit = form.onSubmit(async (values) => {
    const extra = Object.fromEntries(Object.entries(values).filter(([k]) => !declared.has(k)))
    const body = conflicts.withVersion({ ...fixed, ...extra, ...toBody(def, mode, values, id) })
    try {
      await save(body)
    } catch (err) {
      // A record changed meanwhile: the conflict dialog lets the user choose.
      if (await conflicts.caught(err, body)) return
      // The client already showed the server's message (a custom save did not); the form keeps what was typed.
      logger.error(`crud-submit:${def.name}`, err)
      // The client leaves a 409 to the form (quietFor): one that is no stale version is shown here.
      if (submitWith || (err instanceof BladeHttpError && err.code === 409))
        notifications.show({
          color: 'red',
          message: err instanceof Error ? err.message : String(err),
        })
      if (showServerErrors(form, err, fields)) showErrors()
    }
  }, showErrors)
  // The key of a record names it on the server: it is shown, not changed, once the record exists.
  const fixedKey = mode === 'edit' && def.key ? def.key : null
  const secretsSet = Array.isArray(record[SECRETS_SET]) ? (record[SECRETS_SET] as string[]) : []
  const shown = visibleFields(fields, form.values)
  const sectionInline = !!sectionAfter && shown.some((f) => f.name === sectionAfter)
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {refused && <FormErrorSummary errors={form.errors} fields={fields} />}
      <Grid columns={24} gap="sm">
        {shown.map((f, i) => (
          <Fragment key={f.name}>
            {f.group && (
              <Grid.Col span={24} pt={i === 0 ? undefined : 'md'}>
                <Title order={3} size="h5">
                  {i18n._(f.group)}
                </Title>
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 24, sm: f.type === 'rows' ? 24 : (f.span ?? 12) }}>
              {controls?.[f.name] ? (
                controls[f.name]!({ mode, form, record })
              ) : f.type === 'rows' ? (
                <RowsEditor field={f} form={form} />
              ) : (
                <FormInputField
                  field={f}
                  input={form.getInputProps(f.name) as FieldInputProps}
                  autoFocus={i === 0}
                  readOnly={f.name === fixedKey || (mode === 'edit' && f.editable === false)}
                  cascade={cascade.includes(f.name)}
                  storedSecret={
                    mode === 'edit' && f.secret ? secretsSet.includes(f.name) : undefined
                  }
                />
              )}
            </Grid.Col>
            {section && f.name === sectionAfter && (
              <Grid.Col span={24}>{section({ mode, form, record })}</Grid.Col>
            )}
          </Fragment>
        ))}
      </Grid>
      {!sectionInline && section?.({ mode, form, record })}
      {conflicts.dialog}
      <Group justify="flex-end" mt="md" grow={sticky} style={sticky ? STICKY : undefined}>
        <Button variant="default" onClick={onCancel} {...keepFieldFocus}>
          <Trans>取消</Trans>
        </Button>
        <Button type="submit" loading={submit.isPending} {...keepFieldFocus}>
          {mode === 'add' ? <Trans>保存</Trans> : <Trans>修改</Trans>}
        </Button>
      </Group>
    </form>
  )
}
