// The preview of a chosen file: each file header with the field it fills (or "not matched"), the
// required columns it lacks, and its first rows as they will be read.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Alert, Badge, Group, ScrollArea, Table, Text } from '@mantine/core'
import type { EntityDef } from '@/domain/entity'
import type { ImportPreview as Preview } from './import-api'

export function ImportPreview({ def, preview }: { def: EntityDef; preview: Preview }) {
  const { i18n } = useLingui()
  const { t } = useT()
  const mapped = preview.columns.filter((c) => c.field)
  const labelOf = (field: string) => {
    const f = def.fields.find((x) => x.name === field)
    return f ? i18n._(f.label) : field
  }
  const missing = preview.missing.join(', ')
  return (
    <>
      {preview.missing.length > 0 && (
        <Alert color="red" mb="sm" title={t`缺少必需的列`}>
          <Trans>文件缺少这些列，无法导入: {missing}</Trans>
        </Alert>
      )}
      <Text size="sm" fw={500} mb={4}>
        <Trans>列对应</Trans>
      </Text>
      <Group gap={6} mb="sm" aria-label={t`列对应`}>
        {preview.columns.map((c) =>
          c.field ? (
            <Badge key={c.index} color="green" variant="light" tt="none">
              {c.header} → {labelOf(c.field)}
            </Badge>
          ) : (
            <Badge
              key={c.index}
              color="gray"
              variant="outline"
              tt="none"
              title={t`未匹配的列不会导入`}
            >
              {c.header || '-'} · {t`未匹配`}
            </Badge>
          ),
        )}
      </Group>
      <Text size="sm" fw={500} mb={4}>
        <Trans>前 {preview.rows.length} 行预览</Trans>
      </Text>
      <ScrollArea.Autosize mah={280} type="auto">
        <Table striped withTableBorder fz="xs" aria-label={t`导入预览`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>行号</Trans>
              </Table.Th>
              {mapped.map((c) => (
                <Table.Th key={c.index}>{labelOf(c.field!)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((r) => (
              <Table.Tr
                key={r.row}
                bg={r.errors.length ? 'var(--mantine-color-red-light)' : undefined}
                title={r.errors.map((e) => `${e.column}: ${e.message}`).join('\n') || undefined}
              >
                <Table.Td>{r.row}</Table.Td>
                {mapped.map((c) => (
                  <Table.Td key={c.index}>{String(r.values[c.field!] ?? '')}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </>
  )
}
