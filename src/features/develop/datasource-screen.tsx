// Data sources (/tool/datasource): the generic list; the declaration shows the JDBC fields for a
// single database and the sharding YAML for a sharding source (visibleWhen). A connection is tested
// from the form (the typed values) or from a row (its id).
import { Trans } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlugConnected } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import type { FormValues } from '@/crud/form/form-values'
import { datasource } from '@/domain/develop/datasource'
import { testConnection } from './datasource-test'

function TestButton({ form }: { form: UseFormReturnType<FormValues> }) {
  const [busy, setBusy] = useState(false)
  if (String(form.values.category) !== '1') return null
  const text = (name: string) => String(form.values[name] ?? '')
  const test = async () => {
    setBusy(true)
    await testConnection({
      driverClass: text('driverClass'),
      url: text('url'),
      username: text('username'),
      password: text('password'),
    })
    setBusy(false)
  }
  return (
    <Group mt="sm">
      <Button
        variant="light"
        leftSection={<IconPlugConnected size={16} />}
        loading={busy}
        onClick={() => void test()}
      >
        <Trans>测试连接</Trans>
      </Button>
    </Group>
  )
}

export default function DatasourceScreen() {
  // The server lets administrators test connections; anyone who may edit data sources sees the action.
  const canTest = useSession((s) => s.permission.datasource_edit === true)
  return (
    <CrudScreen
      entity={datasource}
      slots={{
        formSection: ({ form }) => <TestButton form={form} />,
        rowActions: (row) =>
          canTest &&
          Number(row.category) === 1 && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlugConnected size={14} />}
              onClick={() => void testConnection({ id: String(row.id) })}
            >
              <Trans>测试连接</Trans>
            </Button>
          ),
      }}
    />
  )
}
