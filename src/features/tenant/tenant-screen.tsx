// Tenants (/system/tenant): the generic list plus, as the button permissions allow, authorization
// setting, data source, package setting, recycle (its users can no longer log in) and pass.
import { useLingui as useI18n } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  IconDatabaseCog,
  IconPackage,
  IconRecycle,
  IconRestore,
  IconSettings,
} from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import { staleActionRefused } from '@/crud/conflict/read-versions'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import type { CrudContext } from '@/crud/slots'
import { tenant } from '@/domain/system/tenant'
import { tenantApi } from './tenant-api'
import { TenantChoiceDialog } from './tenant-choice-dialog'
import { TenantSettingDialog } from './tenant-setting-dialog'
import { refreshAfterWrite } from '@/crud/refresh'

type Dialog =
  | { kind: 'setting'; rows: Row[] }
  | { kind: 'datasource' | 'package'; row: Row }
  | { kind: 'recycle' | 'pass'; rows: Row[] }
  | null
const RECYCLED = 2
/** The platform's own tenant cannot be recycled (the server refuses). */
const PLATFORM = '000000'

function PackageDialog({
  row,
  onDone,
  onClose,
}: {
  row: Row
  onDone: () => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const tenantId = String(row.tenantId)
  const current = useQuery({
    queryKey: ['tenant', 'package-detail', tenantId],
    queryFn: () => tenantApi.packageDetail(tenantId),
  })
  if (current.isPending) return null
  const source = { url: '/blade-system/tenant-package/select', label: 'packageName', value: 'id' }
  return (
    <TenantChoiceDialog
      title={t`套餐配置`}
      label={t`产品包`}
      source={source}
      current={current.data?.id}
      save={(v) => tenantApi.packageSetting(row, v)}
      onDone={onDone}
      onClose={onClose}
    />
  )
}

export default function TenantScreen() {
  const { t } = useLingui()
  const { i18n } = useI18n()
  const can = useSession((s) => s.permission)
  const client = useQueryClient()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [busy, setBusy] = useState(false)
  const done = () => {
    notifications.show({ color: 'green', message: t`操作成功` })
    setDialog(null)
    void refreshAfterWrite(client, tenant.name)
  }
  const warn = (message: string) => notifications.show({ color: 'yellow', message })
  const needSome = (ctx: CrudContext, open: (rows: Row[]) => void) =>
    ctx.selected.length ? open(ctx.selected) : warn(t`请选择至少一条数据`)
  const needOne = (ctx: CrudContext, open: (row: Row) => void) =>
    ctx.selected.length === 1 ? open(ctx.selected[0]) : warn(t`请选择且只选择一条数据`)
  const lifecycle = async (kind: 'recycle' | 'pass', rows: Row[]) => {
    setBusy(true)
    try {
      await tenantApi[kind](rows)
      done()
    } catch (err) {
      if (staleActionRefused(err, i18n, client, tenant.name)) setDialog(null)
      else logger.error(`tenant-${kind}`, err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <CrudScreen
        entity={tenant}
        slots={{
          cells: {
            status: (row) =>
              Number(row.status) === RECYCLED ? (
                <Badge color="gray">{t`已回收`}</Badge>
              ) : (
                <Badge color="green">{t`正常`}</Badge>
              ),
          },
          toolbar: (ctx) => (
            <>
              {can.tenant_setting && (
                <Button
                  variant="light"
                  leftSection={<IconSettings size={16} />}
                  onClick={() => needSome(ctx, (rows) => setDialog({ kind: 'setting', rows }))}
                >
                  <Trans>授权配置</Trans>
                </Button>
              )}
              {can.tenant_datasource && (
                <Button
                  variant="light"
                  leftSection={<IconDatabaseCog size={16} />}
                  onClick={() => needOne(ctx, (row) => setDialog({ kind: 'datasource', row }))}
                >
                  <Trans>数据源配置</Trans>
                </Button>
              )}
              {can.tenant_package_setting && (
                <Button
                  variant="light"
                  leftSection={<IconPackage size={16} />}
                  onClick={() => needOne(ctx, (row) => setDialog({ kind: 'package', row }))}
                >
                  <Trans>套餐配置</Trans>
                </Button>
              )}
              {can.tenant_recycle && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconRecycle size={16} />}
                  onClick={() => needSome(ctx, (rows) => setDialog({ kind: 'recycle', rows }))}
                >
                  <Trans>回收</Trans>
                </Button>
              )}
            </>
          ),
          rowActions: (row) =>
            row.tenantId === PLATFORM
              ? null
              : Number(row.status) === RECYCLED
                ? can.tenant_pass && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconRestore size={14} />}
                      onClick={() => setDialog({ kind: 'pass', rows: [row] })}
                    >
                      <Trans>恢复</Trans>
                    </Button>
                  )
                : can.tenant_recycle && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconRecycle size={14} />}
                      onClick={() => setDialog({ kind: 'recycle', rows: [row] })}
                    >
                      <Trans>回收</Trans>
                    </Button>
                  ),
        }}
      />
      {dialog?.kind === 'setting' && (
        <TenantSettingDialog rows={dialog.rows} onDone={done} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'datasource' && (
        <TenantChoiceDialog
          title={t`数据源配置`}
          label={t`数据源`}
          source={{ url: '/blade-develop/datasource/select', label: 'name', value: 'id' }}
          current={dialog.row.datasourceId ? String(dialog.row.datasourceId) : null}
          save={(v) => tenantApi.datasource(dialog.row, v)}
          onDone={done}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'package' && (
        <PackageDialog row={dialog.row} onDone={done} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'recycle' && (
        <ConfirmDialog
          message={t`确定回收选择的租户? 回收后该租户下的用户将无法登录。`}
          busy={busy}
          onConfirm={() => void lifecycle('recycle', dialog.rows)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'pass' && (
        <ConfirmDialog
          message={t`确定恢复选择的租户?`}
          busy={busy}
          onConfirm={() => void lifecycle('pass', dialog.rows)}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  )
}
