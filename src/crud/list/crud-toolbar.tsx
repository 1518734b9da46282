// The toolbar above the list: add, bulk delete, import, export (with its progress), screen extras on the
// left; search toggle, column visibility and refresh on the right.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { ActionIcon, Button, Checkbox, Group, Menu, Tooltip } from '@mantine/core'
import {
  IconColumns,
  IconDownload,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { FieldDef } from '@/domain/entity'
import { ExportStatus } from '../export/export-status'
import type { ExportState } from '../export/use-export'

interface Props {
  canAdd: boolean
  canDelete: boolean
  canExport: boolean
  canImport?: boolean
  onImport?: () => void
  onAdd: () => void
  onBulkDelete: () => void
  onExport: () => void
  exportState: ExportState
  columns: FieldDef[]
  hidden: string[]
  onHiddenChange: (names: string[]) => void
  onToggleSearch?: () => void
  /** Whether the search panel shows (the toggle's aria-expanded). */
  searchOpened?: boolean
  onRefresh: () => void
  extra?: ReactNode
}

export function CrudToolbar(p: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  return (
    <Group justify="space-between" mb="sm" gap="xs">
      <Group gap="xs">
        {p.canAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={p.onAdd}>
            <Trans>新增</Trans>
          </Button>
        )}
        {p.canDelete && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={p.onBulkDelete}
          >
            <Trans>删除</Trans>
          </Button>
        )}
        {p.canImport && (
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={p.onImport}>
            <Trans>导入</Trans>
          </Button>
        )}
        {p.canExport && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={p.onExport}
            loading={p.exportState.status === 'running'}
          >
            <Trans>导出</Trans>
          </Button>
        )}
        {p.extra}
        <ExportStatus state={p.exportState} />
      </Group>
      <Group gap={4}>
        {p.onToggleSearch && (
          <Tooltip label={t`显示/隐藏搜索`}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t`显示/隐藏搜索`}
              aria-expanded={p.searchOpened}
              onClick={p.onToggleSearch}
            >
              <IconSearch size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <Menu closeOnItemClick={false} position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t`列显隐`}>
              <IconColumns size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {p.columns.map((f) => {
              const shown = !p.hidden.includes(f.name)
              return (
                <Menu.Item
                  key={f.name}
                  onClick={() =>
                    p.onHiddenChange(
                      shown ? [...p.hidden, f.name] : p.hidden.filter((n) => n !== f.name),
                    )
                  }
                >
                  <Checkbox
                    readOnly
                    checked={shown}
                    label={i18n._(f.label)}
                    tabIndex={-1}
                    style={{ pointerEvents: 'none' }}
                  />
                </Menu.Item>
              )
            })}
          </Menu.Dropdown>
        </Menu>
        <Tooltip label={t`刷新`}>
          <ActionIcon variant="default" size="lg" aria-label={t`刷新`} onClick={p.onRefresh}>
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  )
}
