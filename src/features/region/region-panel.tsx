// Right of the region tree: the selected region (or the top level) with its children, and the
// add-child, edit and delete actions the permissions allow.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core'
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useSession } from '@/api/session'
import { entityQueries, type Row } from '@/crud/entity-api'
import { region, REGION_LEVELS } from '@/domain/system/region'
import { ROOT } from './region-api'

export type RegionAction =
  | { kind: 'add'; parent: Row | null }
  | { kind: 'edit'; record: Row }
  | { kind: 'delete'; record: Row }

interface Props {
  selected: string | null
  onAction: (a: RegionAction) => void
}

export function RegionPanel({ selected, onAction }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const can = useSession((s) => s.permission)
  const queries = entityQueries(region)
  const detail = useQuery({ ...queries.detail(selected ?? ''), enabled: !!selected })
  const children = useQuery(queries.rows('lazy-list', { parentCode: selected ?? ROOT }))
  const current = selected ? (detail.data ?? null) : null
  const level = (v: unknown) => {
    const l = REGION_LEVELS.find((o) => o.value === Number(v))
    return l ? i18n._(l.label) : String(v ?? '')
  }
  const actions = (record: Row) => (
    <Group gap={4} wrap="nowrap">
      {can.region_edit && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEdit size={14} />}
          onClick={() => onAction({ kind: 'edit', record })}
        >
          <Trans>编辑</Trans>
        </Button>
      )}
      {can.region_delete && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => onAction({ kind: 'delete', record })}
        >
          <Trans>删除</Trans>
        </Button>
      )}
    </Group>
  )
  return (
    <Card withBorder radius={8} style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{current ? String(current.name) : t`顶级区划`}</Title>
        <Group gap="xs">
          {can.region_add && (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onAction({ kind: 'add', parent: current })}
            >
              {current ? t`新增下级` : t`新增`}
            </Button>
          )}
          {current && actions(current)}
        </Group>
      </Group>
      {current && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md" data-testid="region-detail">
          {[
            [t`区划编号`, current.code],
            [t`区划层级`, level(current.level)],
            [t`排序`, current.sort],
            [t`上级区划`, current.parentName],
            [t`祖区划编号`, current.ancestors],
            [t`备注`, current.remark],
          ].map(([label, value]) => (
            <div key={String(label)}>
              <Text size="xs" c="dimmed">
                {String(label)}
              </Text>
              <Text size="sm">{String(value ?? '')}</Text>
            </div>
          ))}
        </SimpleGrid>
      )}
      <Text fw={600} size="sm" mb={4}>
        <Trans>下级区划</Trans>
      </Text>
      <Table withTableBorder striped aria-label={t`下级区划`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`区划编号`}</Table.Th>
            <Table.Th>{t`区划名称`}</Table.Th>
            <Table.Th>{t`区划层级`}</Table.Th>
            <Table.Th>{t`排序`}</Table.Th>
            <Table.Th ta="center">{t`操作`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(children.data ?? []).map((r) => (
            <Table.Tr key={String(r.code)}>
              <Table.Td>{String(r.code)}</Table.Td>
              <Table.Td>{String(r.name)}</Table.Td>
              <Table.Td>{level(r.level)}</Table.Td>
              <Table.Td>{String(r.sort ?? '')}</Table.Td>
              <Table.Td>{actions(r)}</Table.Td>
            </Table.Tr>
          ))}
          {children.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text ta="center" c="dimmed" py="md">
                  <Trans>暂无数据</Trans>
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Card>
  )
}
