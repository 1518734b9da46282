// The "negotiate" dialog: the asking price and the rounds so far, and the next round's price (W)
// and commission (%), checked against the declaration's limits and messages before it is queued.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useRef, useState } from 'react'
import { logger } from '@/api/logger'
import { keepFieldFocus } from '@/crud/form/blur-validation'
import { focusFirstError } from '@/crud/form/first-error'
import { renderMessage } from '@/crud/message'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { formatNumber } from '@/domain/format'
import { checkRound, cmsField, nextRound, priceField, ROUNDS, type RoundInput } from './nego-round'
import { recordRound } from './kol-writes'

type Quote = Record<string, unknown>

export function NegoDialog({
  quote,
  onClose,
  onSaved,
}: {
  quote: Quote
  onClose: () => void
  onSaved?: () => void
}) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const { round, revise } = nextRound(quote)
  const [input, setInput] = useState<RoundInput>({ price: null, cms: null })
  const [errors, setErrors] = useState<{ price: string | null; cms: string | null }>({
    price: null,
    cms: null,
  })
  const [busy, setBusy] = useState(false)
  const guard = useDirtyGuard(input.price !== null || input.cms !== null, onClose)
  const body = useRef<HTMLDivElement>(null)
  const w = (v: unknown) => formatNumber('w', v)
  const pct = (v: unknown) => formatNumber('percent', v)

  const save = async () => {
    const m = checkRound(round, input)
    const next = {
      price: m.price && renderMessage(i18n, m.price),
      cms: m.cms && renderMessage(i18n, m.cms),
    }
    setErrors(next)
    if (next.price || next.cms) return focusFirstError(body.current)
    setBusy(true)
    try {
      await recordRound(quote, round, input)
      notifications.show({ color: 'green', message: t`议价已保存到本设备` })
      onSaved?.()
      onClose()
    } catch (err) {
      logger.error('kol-nego', err)
      notifications.show({
        color: 'red',
        message: err instanceof Error ? err.message : String(err),
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Modal opened onClose={guard.requestClose} title={t`议价`} centered>
        <Stack ref={body}>
          <Table withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>
                  <Trans>达人报价</Trans>
                </Table.Td>
                <Table.Td>{w(quote.kolPrice)}</Table.Td>
                <Table.Td>{pct(quote.kolCms)}</Table.Td>
              </Table.Tr>
              {ROUNDS.map((r) => (
                <Table.Tr key={r}>
                  <Table.Td>{i18n._(priceField(r).label)}</Table.Td>
                  <Table.Td>{w(quote[`negoPrice${r}`])}</Table.Td>
                  <Table.Td>{pct(quote[`negoCms${r}`])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fw={600}>
            {revise ? (
              <Trans>三轮议价已记录，可修改最终价格</Trans>
            ) : (
              <Trans>记录第 {round} 轮议价</Trans>
            )}
          </Text>
          <NumberInput
            size="lg"
            label={`${i18n._(priceField(round).label)} (W)`}
            value={input.price ?? ''}
            onChange={(v) => setInput((s) => ({ ...s, price: v === '' ? null : v }))}
            error={errors.price}
            min={0}
            hideControls
            required
          />
          <NumberInput
            size="lg"
            label={`${i18n._(cmsField(round).label)} (%)`}
            value={input.cms ?? ''}
            onChange={(v) => setInput((s) => ({ ...s, cms: v === '' ? null : v }))}
            error={errors.cms}
            min={0}
            hideControls
            required
          />
          <Group justify="flex-end">
            <Button size="lg" variant="default" onClick={guard.requestClose} {...keepFieldFocus}>
              <Trans>取消</Trans>
            </Button>
            <Button size="lg" loading={busy} onClick={() => void save()} {...keepFieldFocus}>
              <Trans>保存</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      {guard.dialog}
    </>
  )
}
