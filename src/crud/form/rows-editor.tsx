// A 'rows' field in the form: an inline table of sub-records (a quotation's schedule), one column
// per sub-field with that field's own control, rows added and removed in place. Cells are form
// paths (`detail.0.price`), so each is validated on blur with its declaration's message.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { ActionIcon, Button, Input, Table, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { FieldDef } from '@/domain/entity'
import { FormInputField, type FieldInputProps } from './form-field'
import { newFormRow, type FormRow, type FormValues } from './form-values'

interface Props {
  field: FieldDef
  form: UseFormReturnType<FormValues>
}

export function RowsEditor({ field, form }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const label = i18n._(field.label)
  const rows = (form.values[field.name] as FormRow[] | undefined) ?? []
  const subs = field.rows ?? []
  const error = form.errors[field.name]
  return (
    <Input.Wrapper
      label={label}
      required={!!field.required}
      error={error}
      role="group"
      aria-label={label}
    >
      <Table.ScrollContainer minWidth={subs.length * 140 + 60}>
        <Table withTableBorder withColumnBorders verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {subs.map((sub) => (
                <Table.Th key={sub.name} w={sub.width}>
                  {i18n._(sub.label)}
                  {sub.required && !sub.requiredWhen ? (
                    <Text span c="red">
                      {' '}
                      *
                    </Text>
                  ) : null}
                </Table.Th>
              ))}
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={subs.length + 1}>
                  <Text ta="center" c="dimmed" size="sm">
                    <Trans>暂无数据</Trans>
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((_, i) => (
              <Table.Tr key={i}>
                {subs.map((sub) => (
                  <Table.Td key={sub.name} style={{ verticalAlign: 'top' }}>
                    <FormInputField
                      field={sub}
                      input={
                        form.getInputProps(`${field.name}.${i}.${sub.name}`) as FieldInputProps
                      }
                      ariaLabel={`${i18n._(sub.label)} ${i + 1}`}
                    />
                  </Table.Td>
                ))}
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`删除第${i + 1}行`}
                    onClick={() => form.removeListItem(field.name, i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button
        variant="light"
        size="xs"
        mt={4}
        leftSection={<IconPlus size={14} />}
        disabled={field.max !== undefined && rows.length >= field.max}
        onClick={() => form.insertListItem(field.name, newFormRow(field))}
      >
        <Trans>添加行</Trans>
      </Button>
    </Input.Wrapper>
  )
}
