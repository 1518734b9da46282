// Binds one tenant to a choice from a list endpoint: its data source (datasource/select) or its
// product package (tenant-package/select, current one from package-detail). Clearing unbinds.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Select, Stack } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { http } from '@/api/http'
import { logger } from '@/api/logger'
import { config } from '@/config'
import { staleActionRefused } from '@/crud/conflict/read-versions'
import { tenant } from '@/domain/system/tenant'

interface Props {
  title: string
  label: string
  /** List endpoint below /api, with the label and value field names of its rows. */
  source: { url: string; label: string; value: string }
  /** The current choice (may arrive later, e.g. from package-detail). */
  current: string | null | undefined
  save: (value: string) => Promise<unknown>
  onDone: () => void
  onClose: () => void
}

export function TenantChoiceDialog({
  title,
  label,
  source,
  current,
  save,
  onDone,
  onClose,
}: Props) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const options = useQuery({
    queryKey: ['tenant', 'choices', source.url],
    queryFn: async () =>
      ((await http.get<Record<string, unknown>[]>(`${config.apiPrefix}${source.url}`)) ?? []).map(
        (r) => ({ value: String(r[source.value]), label: String(r[source.label]) }),
      ),
  })
  const [picked, setPicked] = useState<string | null | undefined>(undefined)
  const value = picked === undefined ? (current ?? null) : picked
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    try {
      await save(value ?? '')
      onDone()
    } catch (err) {
      // Changed by someone else since it was listed: said, the list refreshed, the dialog closed.
      if (staleActionRefused(err, i18n, client, tenant.name)) onClose()
      else logger.error('tenant-choice', err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        <Select
          label={label}
          data={options.data ?? []}
          value={value}
          onChange={setPicked}
          searchable
          clearable
          placeholder={t`请选择`}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            <Trans>确定</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
