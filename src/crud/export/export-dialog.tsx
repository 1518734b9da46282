// What to export, asked before the file is made: every row matching the filter, this page or the
// selected rows, and which columns. The columns a user picks are remembered per user and screen
// (src/crud/preferences.ts) and offered again next time; the server takes them as `columns` and the
// rows of a page or selection as `ids` (server/crud/export.ts).
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Button, Checkbox, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { exportFieldsOf, type EntityDef } from '@/domain/entity'
import type { ListParams } from '../entity-api'
import { usePreference } from '../preferences'

type ExportScope = 'all' | 'page' | 'selected'

interface Props {
  def: EntityDef
  /** Rows matching the filter (the list's total). */
  total: number
  /** Keys of the rows on this page, in their order. */
  pageIds: string[]
  /** Keys of the selected rows. */
  selectedIds: string[]
  onClose: () => void
  /** The parameters to add to the list's filters, and how many rows they export. */
  onExport: (params: ListParams, rows: number) => void
}

export function ExportDialog({ def, total, pageIds, selectedIds, onClose, onExport }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const prefs = usePreference(`crud:${def.name}`)
  const all = exportFieldsOf(def)
  const remembered = prefs.value?.exportColumns?.filter((n) => all.some((f) => f.name === n))
  const [scope, setScope] = useState<ExportScope>(selectedIds.length > 0 ? 'selected' : 'all')
  const [picked, setPicked] = useState<string[] | null>(null)
  // The remembered choice arrives from IndexedDB after the first render.
  const columns = picked ?? (remembered?.length ? remembered : all.map((f) => f.name))
  const pageRows = pageIds.length
  const selectedRows = selectedIds.length

  const submit = () => {
    // In declaration order, whatever order they were ticked in.
    const chosen = all.filter((f) => columns.includes(f.name)).map((f) => f.name)
    void prefs.update({ exportColumns: chosen })
    const ids = scope === 'page' ? pageIds : scope === 'selected' ? selectedIds : null
    onExport(
      { columns: chosen.join(','), ...(ids ? { ids: ids.join(',') } : {}) },
      ids ? ids.length : total,
    )
    onClose()
  }

  return (
    <Modal opened onClose={onClose} title={t`导出`} size="lg" centered>
      <Stack gap="md">
        <Radio.Group
          label={t`导出哪些数据`}
          value={scope}
          onChange={(v) => setScope(v as ExportScope)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="all" label={t`符合查询条件的全部数据（${total} 条）`} />
            <Radio value="page" label={t`本页数据（${pageRows} 条）`} disabled={pageRows === 0} />
            <Radio
              value="selected"
              label={t`选中的数据（${selectedRows} 条）`}
              disabled={selectedRows === 0}
            />
          </Stack>
        </Radio.Group>
        <Checkbox.Group label={t`导出哪些列`} value={columns} onChange={setPicked}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
            {all.map((f) => (
              <Checkbox key={f.name} value={f.name} label={i18n._(f.label)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setPicked(all.map((f) => f.name))}
          >
            <Trans>全选</Trans>
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={() => setPicked([])}>
            <Trans>全不选</Trans>
          </Button>
        </Group>
        {columns.length === 0 && (
          <Text size="sm" c="red" role="alert">
            <Trans>请至少选择一列</Trans>
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button onClick={submit} disabled={columns.length === 0} data-autofocus>
            <Trans>开始导出</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
