// Code settings (/tool/code-setting): the generic list, plus 启用 on each setting not enabled yet
// (with the code_setting_enable button). Enabling one turns the others off, so the list refreshes.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCircleCheck } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useLingui as useI18n } from '@lingui/react'
import { request } from '@/api/http'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { config } from '@/config'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import { CrudScreen } from '@/crud/crud-screen'
import { staleActionRefused, versionsOf } from '@/crud/conflict/read-versions'
import { refreshAfterWrite } from '@/crud/refresh'
import type { Row } from '@/crud/entity-api'
import { codeSetting, SETTING_ENABLED } from '@/domain/develop/code-setting'

export default function CodeSettingScreen() {
  const { t } = useLingui()
  const can = useSession((s) => s.permission)
  const client = useQueryClient()
  const { i18n } = useI18n()
  const [pending, setPending] = useState<Row | null>(null)
  const [busy, setBusy] = useState(false)

  const enable = async (row: Row) => {
    setBusy(true)
    // The version listed goes along: a setting changed since is refused, said so, and the list refreshed.
    const version = versionsOf([row])?.[0]
    try {
      await request<unknown>(`${config.apiPrefix}${codeSetting.api}/enable`, {
        method: 'POST',
        query: version ? { id: String(row.id), version } : { id: String(row.id) },
        quietFor: [409],
      })
      notifications.show({ color: 'green', message: t`启用成功` })
      void refreshAfterWrite(client, codeSetting.name)
    } catch (err) {
      if (!staleActionRefused(err, i18n, client, codeSetting.name))
        logger.error('code-setting-enable', err)
    } finally {
      setBusy(false)
      setPending(null)
    }
  }

  return (
    <>
      <CrudScreen
        entity={codeSetting}
        slots={{
          rowActions: (row) => {
            const name = String(row.name)
            return (
              can.code_setting_enable &&
              Number(row.status) !== SETTING_ENABLED && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="green"
                  leftSection={<IconCircleCheck size={14} />}
                  aria-label={t`启用 ${name}`}
                  onClick={() => setPending(row)}
                >
                  <Trans>启用</Trans>
                </Button>
              )
            )
          },
        }}
      />
      {pending && (
        <ConfirmDialog
          message={t`确定启用该配置？`}
          busy={busy}
          onConfirm={() => void enable(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  )
}
