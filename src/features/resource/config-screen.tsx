// Cloud storage and SMS configurations: the generic list plus the 'enable' row action (one enabled
// configuration per tenant, status 2) shown as a badge on the enabled row.
import { useLingui as useI18n } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCircleCheck } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { request } from '@/api/http'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { config } from '@/config'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import type { EntityDef } from '@/domain/entity'
import { staleActionRefused, versionsOf } from '@/crud/conflict/read-versions'
import { refreshAfterWrite } from '@/crud/refresh'

const ENABLED = 2

interface Props {
  def: EntityDef
  /** More row actions of the screen (SMS: send a test message). */
  moreActions?: (row: Row) => ReactNode
}

export function ConfigScreen({ def, moreActions }: Props) {
  const { t } = useLingui()
  const can = useSession((s) => s.permission)
  const client = useQueryClient()
  const { i18n } = useI18n()
  const [pending, setPending] = useState<Row | null>(null)
  const [busy, setBusy] = useState(false)
  const enable = async (row: Row) => {
    setBusy(true)
    // The version listed goes along: a configuration changed since is refused, said so, and the list refreshed.
    const version = versionsOf([row])?.[0]
    try {
      await request<unknown>(`${config.apiPrefix}${def.api}/enable`, {
        method: 'POST',
        query: version ? { id: String(row.id), version } : { id: String(row.id) },
        quietFor: [409],
      })
      notifications.show({ color: 'green', message: t`操作成功` })
      void refreshAfterWrite(client, def.name)
    } catch (err) {
      if (!staleActionRefused(err, i18n, client, def.name)) logger.error(`${def.name}-enable`, err)
    } finally {
      setBusy(false)
      setPending(null)
    }
  }
  return (
    <>
      <CrudScreen
        entity={def}
        slots={{
          cells: {
            status: (row) =>
              Number(row.status) === ENABLED ? (
                <Badge color="green" data-testid="enabled-badge">
                  {t`已启用`}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t`未启用`}
                </Text>
              ),
          },
          rowActions: (row) => (
            <>
              {can[`${def.permission}_enable`] && Number(row.status) !== ENABLED && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="green"
                  leftSection={<IconCircleCheck size={14} />}
                  onClick={() => setPending(row)}
                >
                  <Trans>启用</Trans>
                </Button>
              )}
              {moreActions?.(row)}
            </>
          ),
        }}
      />
      {pending && (
        <ConfirmDialog
          message={t`确定启用这条配置?`}
          busy={busy}
          onConfirm={() => void enable(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  )
}
