// "Authorization setting" of the selected tenants: account number (an integer, -1 = unlimited) and
// expiry time, posted to tenant/setting. One selected tenant pre-fills its current values.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core'
import { DateTimePicker } from '@mantine/dates'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { keepFieldFocus } from '@/crud/blur-validation'
import type { Row } from '@/crud/entity-api'
import { useDirtyGuard } from '@/crud/use-dirty-guard'
import { tenantApi, validAccountNumber } from './tenant-api'

interface Props {
  rows: Row[]
  onDone: () => void
  onClose: () => void
}

export function TenantSettingDialog({ rows, onDone, onClose }: Props) {
  const { t } = useLingui()
  const one = rows.length === 1 ? rows[0] : undefined
  const [initial] = useState(() => ({
    accountNumber: one?.accountNumber === undefined || one.accountNumber === null ? -1 : Number(one.accountNumber),
    expireTime: typeof one?.expireTime === 'string' ? one.expireTime : '',
  }))
  const [accountNumber, setAccountNumber] = useState<number | string>(initial.accountNumber)
  const [expireTime, setExpireTime] = useState<string>(initial.expireTime)
  const guard = useDirtyGuard(accountNumber !== initial.accountNumber || expireTime !== initial.expireTime, onClose)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const check = () => {
    const ok = validAccountNumber(accountNumber)
    setError(ok ? null : t`账号额度必须是大于等于 -1 的整数（-1 表示不限）`)
    return ok
  }
  const save = async () => {
    if (!check()) return
    setBusy(true)
    try {
      await tenantApi.setting(rows.map((r) => String(r.id)), { accountNumber: Number(accountNumber), expireTime })
      onDone()
    } catch (err) {
      logger.error('tenant-setting', err)
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
    </>
  )
}
