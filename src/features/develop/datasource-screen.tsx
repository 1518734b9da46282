// Data sources (/tool/datasource): the generic list; the form shows the JDBC fields for a single
// database and the sharding YAML for a sharding source, and tests a connection from the form or a row.
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconPlugConnected } from '@tabler/icons-react'
import { CrudScreen } from '@/crud/crud-screen'
import { useSession } from '@/api/session'
import type { EntityDef } from '@/domain/entity'
import { datasource } from '@/domain/develop/datasource'
import { DatasourceFields, dependent } from './datasource-fields'
import { testConnection } from './datasource-test'

const def: EntityDef = { ...datasource, fields: datasource.fields.map((f) => (dependent.includes(f) ? { ...f, form: false } : f)) }

export default function DatasourceScreen() {
  // The server lets administrators test connections; anyone who may edit data sources sees the action.
  const canTest = useSession((s) => s.permission.datasource_edit === true)
  return (
    <CrudScreen
      entity={def}
      slots={{
        formSection: (ctx) => <DatasourceFields {...ctx} />,
        rowActions: (row) =>
          canTest &&
          Number(row.category) === 1 && (
            <Button size="compact-sm" variant="subtle" leftSection={<IconPlugConnected size={14} />} onClick={() => void testConnection({ id: String(row.id) })}>
              <Trans>测试连接</Trans>
            </Button>
          ),
      }}
    />
  )
}
