// Job servers (/job/jobserver): the generic list and form of the declaration, plus 同步 per row,
// which says what the server answered: the embedded scheduler's jobs and next trigger, or the app
// id an external PowerJob server knows the app by (its refusal is shown by the client as a toast).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { jobServer } from '@/domain/job/job-server'
import { jobApi, type JobServerState } from './job-api'

export default function JobServerScreen() {
  const { t } = useLingui()
  const can = useSession((s) => s.permission)
  const [syncing, setSyncing] = useState<string | null>(null)

  const said = (state: JobServerState) =>
    state.external
      ? t`任务服务可用，应用 ID：${state.appId ?? ''}`
      : t`内置调度器运行中：${state.enabledJobs ?? 0} 个启用的任务，${state.activeInstances ?? 0} 个实例运行中` +
        (state.nextTriggerTime ? t`，下次触发 ${state.nextTriggerTime}` : '')

  const sync = async (row: Row) => {
    const id = String(row.id)
    setSyncing(id)
    try {
      notifications.show({
        color: 'green',
        title: String(row.jobServerName),
        message: said(await jobApi.syncServer(id)),
      })
    } catch (err) {
      logger.error('job-server-sync', err)
    } finally {
      setSyncing(null)
    }
  }

  return (
    <CrudScreen
      entity={jobServer}
      slots={{
        rowActions: (row) =>
          can.job_server_sync && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconRefresh size={14} />}
              loading={syncing === String(row.id)}
              aria-label={t`同步 ${String(row.jobServerName)}`}
              onClick={() => void sync(row)}
            >
              <Trans>同步</Trans>
            </Button>
          ),
      }}
    />
  )
}
