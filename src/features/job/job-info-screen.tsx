// Job info (/job/jobinfo): the generic list and form of the declaration, plus an enable switch per
// row, run now, the next five trigger times in the form's timing group, and a drawer of each job's instances.
import { useLingui as useI18n } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Switch } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconHistory, IconPlayerPlay } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { staleActionRefused, versionsOf } from '@/crud/conflict/read-versions'
import { refreshAfterWrite } from '@/crud/refresh'
import { jobInfo } from '@/domain/job/job-info'
import { jobApi } from './job-api'
import { JobInstancesDrawer } from './job-instances-drawer'
import { JobNextTriggers } from './job-next-triggers'

export default function JobInfoScreen() {
  const { t } = useLingui()
  const { i18n } = useI18n()
  const can = useSession((s) => s.permission)
  const client = useQueryClient()
  const [drawer, setDrawer] = useState<Row | null>(null)

  const act = async (what: string, work: () => Promise<unknown>, done: string) => {
    try {
      await work()
      notifications.show({ color: 'green', message: done })
    } catch (err) {
      // A job changed since the list was read is said (and the list refreshed below), not logged as a failure.
      if (!staleActionRefused(err, i18n, client, jobInfo.name)) logger.error(`job-${what}`, err)
    }
    await refreshAfterWrite(client, jobInfo.name)
  }

  const enableCell = (row: Row) => {
    const on = Number(row.enable) === 1
    return (
      <Switch
        checked={on}
        disabled={!can.job_change}
        aria-label={t`启用 ${String(row.jobName)}`}
        onChange={() =>
          void act(
            'change',
            () => jobApi.change(String(row.id), on ? 0 : 1, versionsOf([row])?.[0]),
            on ? t`已停用` : t`已启用`,
          )
        }
      />
    )
  }

  return (
    <>
      <CrudScreen
        entity={jobInfo}
        slots={{
          cells: { enable: enableCell },
          formSection: JobNextTriggers,
          // In the timing group, under the fields it previews.
          formSectionAfter: 'lifecycle',
          rowActions: (row) => (
            <>
              {can.job_run && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPlayerPlay size={14} />}
                  onClick={() => void act('run', () => jobApi.run(String(row.id)), t`已开始运行`)}
                >
                  <Trans>运行</Trans>
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconHistory size={14} />}
                onClick={() => setDrawer(row)}
              >
                <Trans>运行记录</Trans>
              </Button>
            </>
          ),
        }}
      />
      {drawer && (
        <JobInstancesDrawer
          jobId={String(drawer.id)}
          title={String(drawer.jobName)}
          onClose={() => setDrawer(null)}
        />
      )}
    </>
  )
}
