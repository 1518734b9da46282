// The data source fields that depend on the category: JDBC settings for a single database (1),
// the sharding YAML for a sharding data source (2). The engine renders the other fields; these are
// rendered here, shown only for their category, validated on blur with the declaration's messages.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Button, Grid, Group } from '@mantine/core'
import { IconPlugConnected } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { FormSection } from '@/crud/crud-form'
import { FormField, type FieldInputProps } from '@/crud/form-field'
import { toFormValue, toWireValue } from '@/crud/form-values'
import { renderMessage } from '@/crud/message'
import type { FieldDef } from '@/domain/entity'
import { datasource } from '@/domain/develop/datasource'
import { validateField } from '@/domain/validate'
import { testConnection } from './datasource-test'

export const JDBC = ['driverClass', 'url', 'username', 'password']
export const SHARDING = ['shardingConfig']
export const dependent = datasource.fields.filter((f) => JDBC.includes(f.name) || SHARDING.includes(f.name))

/** Which dependent fields a category shows. */
export const visibleFor = (category: unknown): FieldDef[] => dependent.filter((f) => (String(category) === '2' ? SHARDING : String(category) === '1' ? JDBC : []).includes(f.name))

export function DatasourceFields({ form, record }: Parameters<FormSection>[0]) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  // The stored values start the form (they are not declared form fields of the engine's form).
  useEffect(() => {
    for (const f of dependent) if (form.values[f.name] === undefined) form.setFieldValue(f.name, toFormValue(f, record[f.name]))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, [])
  const wire = (f: FieldDef) => toWireValue(f, form.values[f.name] ?? null)
  const check = (f: FieldDef) => {
    const m = validateField(f, wire(f), { category: form.values.category })
    form.setFieldError(f.name, m ? renderMessage(i18n, m) : null)
  }
  const visible = visibleFor(form.values.category)
  const test = async () => {
    setBusy(true)
    const text = (name: string) => String(form.values[name] ?? '')
    await testConnection({ driverClass: text('driverClass'), url: text('url'), username: text('username'), password: text('password') })
    setBusy(false)
  }
  if (visible.length === 0) return null
  return (
    <>
      <Grid columns={24} gap="sm" mt="sm">
        {visible.map((f) => {
          const input = form.getInputProps(f.name) as FieldInputProps
          return (
            <Grid.Col key={f.name} span={{ base: 24, sm: f.span ?? 12 }}>
              <FormField field={{ ...f, requiredWhen: undefined }} input={{ ...input, error: form.errors[f.name] as string | undefined, onBlur: () => queueMicrotask(() => check(f)) }} />
            </Grid.Col>
          )
        })}
      </Grid>
      {String(form.values.category) === '1' && (
        <Group mt="sm">
          <Button variant="light" leftSection={<IconPlugConnected size={16} />} loading={busy} onClick={() => void test()}>
            <Trans>测试连接</Trans>
          </Button>
        </Group>
      )}
    </>
  )
}
