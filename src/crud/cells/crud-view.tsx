// The view dialog: the view fields of the declaration as label/value pairs, formatted as in the table
// (rows fields in full, as a small table).
import { useLingui } from '@lingui/react'
import { useLingui as useT } from '@lingui/react/macro'
import { Center, Grid, Loader, Modal, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { fieldsOf, type EntityDef } from '@/domain/entity'
import { CrudCell, type CellRenderer } from './crud-cell'
import { entityQueries } from '../entity-api'

export function CrudView({
  def,
  id,
  onClose,
  cells,
}: {
  def: EntityDef
  id: string
  onClose: () => void
  cells?: Record<string, CellRenderer>
}) {
  const { i18n } = useLingui()
  const { t } = useT()
  const detail = useQuery(entityQueries(def).detail(id))
  return (
    <Modal opened onClose={onClose} title={`${t`查看`} ${i18n._(def.title)}`} size="xl" centered>
      {!detail.data ? (
        <Center py="xl">
          <Loader aria-label={t`加载中`} />
        </Center>
      ) : (
        <Grid columns={24} gap="sm">
          {fieldsOf(def, 'view').map((f) => (
            <Grid.Col key={f.name} span={{ base: 24, sm: f.type === 'rows' ? 24 : (f.span ?? 12) }}>
              <Text size="sm" c="dimmed">
                {i18n._(f.label)}
              </Text>
              <Text
                component="div"
                size="sm"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              >
                <CrudCell field={f} row={detail.data} render={cells?.[f.name]} variant="view" />
              </Text>
            </Grid.Col>
          ))}
        </Grid>
      )}
    </Modal>
  )
}
