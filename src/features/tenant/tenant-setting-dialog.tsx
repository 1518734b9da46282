// "Authorization setting" of the selected tenants: account number (an integer, -1 = unlimited) and
// expiry time, posted to tenant/setting with the versions the tenants were listed at. One selected
// tenant pre-fills its current values. A tenant changed since opens the conflict dialog: its values
// beside mine, reload them or keep mine.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core'
import { DateTimePicker } from '@mantine/dates'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { keepFieldFocus } from '@/crud/form/blur-validation'
import type { Row } from '@/crud/entity-api'
import { currentRows } from '@/crud/conflict/read-versions'
import { refreshAfterWrite } from '@/crud/refresh'
import { useConflict } from '@/crud/conflict/use-conflict'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { tenant } from '@/domain/system/tenant'
import { tenantApi, validAccountNumber } from './tenant-api'

/** The setting a tenant holds (none: unlimited, no expiry). */
function settingOf(row: Row | undefined) {
  return {
    accountNumber:
      row?.accountNumber === undefined || row.accountNumber === null
        ? -1
        : Number(row.accountNumber),
    expireTime: typeof row?.expireTime === 'string' ? row.expireTime : '',
  }
}

interface Props {
  rows: Row[]
  onDone: () => void
  onClose: () => void
}

export function TenantSettingDialog({ rows, onDone, onClose }: Props) {
  const { t } = useLingui()
  const client = useQueryClient()
  const [shown, setShown] = useState(rows)
  const [initial, setInitial] = useState(() => settingOf(rows.length === 1 ? rows[0] : undefined))
  const [accountNumber, setAccountNumber] = useState<number | string>(initial.accountNumber)
  const [expireTime, setExpireTime] = useState<string>(initial.expireTime)
  const guard = useDirtyGuard(
    accountNumber !== initial.accountNumber || expireTime !== initial.expireTime,
    onClose,
  )
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const check = () => {
    const ok = validAccountNumber(accountNumber)
    setError(ok ? null : t`账号额度必须是大于等于 -1 的整数（-1 表示不限）`)
    return ok
  }
  const send = async (on: Row[], mine: { accountNumber: number; expireTime: string }) => {
    await tenantApi.setting(on, mine)
    onDone()
  }
  const conflict = useConflict({
    def: tenant,
    logAs: 'tenant-setting',
    onReload: (theirs, current) => {
      setShown(currentRows(shown, current))
      if (shown.length > 1) return
      const values = settingOf(theirs)
      setInitial(values)
      setAccountNumber(values.accountNumber)
      setExpireTime(values.expireTime)
    },
    save: (mine, current) =>
      send(currentRows(shown, current), {
        accountNumber: Number(mine.accountNumber),
        expireTime: String(mine.expireTime ?? ''),
      }),
  })
  const save = async () => {
    if (!check()) return
    setBusy(true)
    const mine = { accountNumber: Number(accountNumber), expireTime }
    try {
      await send(shown, mine)
    } catch (err) {
      if (await conflict.caught(err, mine)) void refreshAfterWrite(client, tenant.name)
      else logger.error('tenant-setting', err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Modal opened onClose={guard.requestClose} title={t`授权配置`} centered>
        <Stack>
          <NumberInput
            label={t`账号额度`}
            description={t`-1 表示不限`}
            required
            value={accountNumber}
            onChange={setAccountNumber}
            onBlur={check}
            error={error}
            data-autofocus
          />
          <DateTimePicker
            label={t`过期时间`}
            clearable
            withSeconds
            valueFormat="YYYY-MM-DD HH:mm:ss"
            submitButtonProps={{ 'aria-label': t`确定` }}
            value={expireTime || null}
            onChange={(v) => setExpireTime(v ?? '')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={guard.requestClose} {...keepFieldFocus}>
              <Trans>取消</Trans>
            </Button>
            <Button loading={busy} onClick={() => void save()} {...keepFieldFocus}>
              <Trans>确定</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      {guard.dialog}
      {conflict.dialog}
    </>
  )
}
