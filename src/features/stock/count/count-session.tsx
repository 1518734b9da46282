// Counting one stock count on a tablet: scan (camera or keyboard wedge) or type a SKU, set the
// quantity with large controls, keep the warehouse position between lines, see running totals,
// undo the last line and finish. A SKU the cached product list lacks (the catalog may lag behind
// the shelf) is added only once the user confirms it, and its line is marked unknown. Every line goes through the outbox; "saved on device" is said
// only after the outbox committed it (docs/offline.md R1). Works offline and after a reload offline. A finished
// count (on the server, or finished here and waiting in the outbox) is read-only; whoever may edit
// counts can reopen it.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconCheck,
  IconLockOpen,
  IconPlus,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { logger } from '@/api/logger'
import { renderMessage } from '@/crud/message'
import { PendingMark } from '@/crud/pending'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { useCrudPermissions } from '@/crud/use-permissions'
import { stockDetail } from '@/domain/stock/stock-detail'
import { stockTaking } from '@/domain/stock/stock-taking'
import { validateField } from '@/domain/validate'
import { syncNow, useSyncStatus } from '@/offline/sync-engine'
import { deviceId } from '../device-id'
import { CameraScanButton } from './camera-scan'
import { addLine, finishCount, reopenCount, undoLine } from './count-actions'
import { FinishedNotice, RejectedLinesNotice } from './count-notices'
import { lastOwnLine } from './count-lines'
import { isFinished } from './count-state'
import { CountTotalsView } from './count-totals'
import { findProduct, productSkusQuery } from './product-skus'
import { QuantityStepper } from './quantity-stepper'
import { SkuInput } from './sku-input'
import { UnknownSkuDialog, UnknownSkuMark } from './unknown-sku'
import { useBrandLabel } from './count-start'
import { useCountLines, useCounts, useKnownSkus } from './use-count-data'

const POSITION_KEY = 'vn-admin:count-position'
const field = (name: string) => stockDetail.fields.find((f) => f.name === name)!

export function CountSession({ countId, onLeave }: { countId: string; onLeave: () => void }) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const { lines, totals, queued, rejected } = useCountLines(countId)
  const { counts, server } = useCounts()
  const canEdit = useCrudPermissions(stockTaking).edit
  const known = useKnownSkus()
  const brandLabel = useBrandLabel()
  const sync = useSyncStatus()
  const count = counts.find((c) => String(c.id) === countId)
  const finished = isFinished(count)
  const finishedOnServer = isFinished(server.find((c) => String(c.id) === countId))
  const [sku, setSku] = useState('')
  // A typed, not yet added SKU is not dropped by 返回, another screen or closing the tab without
  // asking, and holds the update prompt's reload (docs/offline.md R25).
  const guard = useDirtyGuard(sku.trim() !== '', onLeave)
  const [quantity, setQuantity] = useState(1)
  const [position, setPosition] = useState(() => localStorage.getItem(POSITION_KEY) ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [finishing, setFinishing] = useState(false)
  const [busy, setBusy] = useState(false)
  /** A SKU the product list lacks, waiting for the user to confirm it. */
  const [unknownSku, setUnknownSku] = useState<string | null>(null)
  const skuRef = useRef<HTMLInputElement>(null)
  const catalog = useQuery(productSkusQuery())
  const products = catalog.data ?? []
  const last = lastOwnLine(lines, deviceId())

  const check = (name: string, value: unknown) => {
    const m = validateField(field(name), value)
    return m ? renderMessage(i18n, m) : null
  }

  const commit = async (typed: string, confirmedUnknown = false) => {
    const skuNo = typed.trim()
    const problem =
      check('skuNo', skuNo) ??
      check('productQuantity', quantity) ??
      check('warehousePosition', position.trim())
    if (problem) return setError(problem)
    setError(null)
    const product = findProduct(products, skuNo)
    // Asked only once the list is on the device: before that every SKU would look unknown.
    const unknown = !product && catalog.data !== undefined
    if (unknown && !confirmedUnknown) return setUnknownSku(skuNo)
    setBusy(true)
    try {
      await addLine(countId, {
        skuNo,
        productQuantity: quantity,
        warehousePosition: position.trim(),
        productStyleNo: product?.itemNumber,
        skuUnknown: unknown,
      })
      setSaved(t`已保存到本设备：${skuNo} × ${quantity}`)
      setSku('')
      setQuantity(1)
      localStorage.setItem(POSITION_KEY, position.trim())
    } catch (err) {
      logger.error('stock-count-line', err)
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
      skuRef.current?.focus()
    }
  }

  const undo = async () => {
    if (!last) return
    try {
      await undoLine(last.id)
      setSaved(t`已撤销：${last.skuNo} × ${last.productQuantity}`)
    } catch (err) {
      logger.error('stock-count-undo', err)
      setError(err instanceof Error ? err.message : String(err))
    }
    skuRef.current?.focus()
  }

  const finish = async () => {
    setFinishing(false)
    try {
      await finishCount(
        { id: countId, version: count?.version },
        lines.map((l) => l.id),
      )
      void syncNow().catch((err: unknown) => logger.error('stock-count-sync', err))
      notifications.show({ color: 'green', message: t`盘点已完成` })
      onLeave()
    } catch (err) {
      logger.error('stock-count-finish', err)
      setError(err instanceof Error ? err.message : String(err))
    }
  }

  const reopen = async () => {
    try {
      await reopenCount({ id: countId, version: count?.version }, finishedOnServer)
      notifications.show({ color: 'green', message: t`盘点已重新打开` })
      setSaved(null)
    } catch (err) {
      logger.error('stock-count-reopen', err)
      setError(err instanceof Error ? err.message : String(err))
    }
  }

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button
            size="lg"
            variant="subtle"
            leftSection={<IconArrowLeft />}
            onClick={guard.requestClose}
          >
            <Trans>返回</Trans>
          </Button>
          <Title order={3}>
            <Trans>盘点</Trans> {String(count?.checkDate ?? '').slice(0, 10)}{' '}
            {count ? brandLabel(count.brandId) : ''}
          </Title>
          <PendingMark mark={count?.__pending} />
        </Group>
        <Group gap="sm">
          <Badge size="lg" color={sync.online ? 'green' : 'gray'} data-testid="sync-online">
            {sync.online ? <Trans>在线</Trans> : <Trans>离线</Trans>}
          </Badge>
          {queued > 0 && (
            <Badge size="lg" color="yellow" data-testid="count-queued">
              <Trans>{queued} 条待同步</Trans>
            </Badge>
          )}
          {canEdit && !finished && (
            <Button
              size="lg"
              color="green"
              leftSection={<IconCheck />}
              onClick={() => setFinishing(true)}
            >
              <Trans>完成盘点</Trans>
            </Button>
          )}
          {canEdit && finished && (
            <Button
              size="lg"
              variant="default"
              leftSection={<IconLockOpen />}
              onClick={() => void reopen()}
            >
              <Trans>重新打开盘点</Trans>
            </Button>
          )}
        </Group>
      </Group>

      {finished && <FinishedNotice finishTime={count?.finishTime} pending={!finishedOnServer} />}
      <RejectedLinesNotice rows={rejected} />
      {finished && error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: finished ? 1 : 2 }} spacing="md">
        {!finished && (
          <Card withBorder radius={10} padding="lg">
            <Stack gap="md">
              <Group align="end" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <SkuInput
                    ref={skuRef}
                    value={sku}
                    onChange={setSku}
                    onCommit={(v) => void commit(v)}
                    known={known}
                  />
                </div>
                <CameraScanButton onScan={(code) => void commit(code)} />
              </Group>
              <QuantityStepper value={quantity} onChange={setQuantity} />
              <TextInput
                size="xl"
                label={t`库位`}
                value={position}
                onChange={(e) => setPosition(e.currentTarget.value)}
                placeholder="A-01-03"
              />
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Button
                size="xl"
                leftSection={<IconPlus />}
                loading={busy}
                onClick={() => void commit(sku)}
              >
                <Trans>添加</Trans>
              </Button>
              <Text role="status" c="green" mih={24} data-testid="count-saved">
                {saved}
              </Text>
            </Stack>
          </Card>
        )}
        <Card withBorder radius={10} padding="lg">
          <Stack gap="md">
            <CountTotalsView totals={totals} />
            {!finished && (
              <Button
                size="lg"
                variant="default"
                leftSection={<IconArrowBackUp />}
                disabled={!last}
                onClick={() => void undo()}
              >
                <Trans>撤销上一行</Trans>
              </Button>
            )}
          </Stack>
        </Card>
      </SimpleGrid>

      <Card withBorder radius={10} padding="lg">
        <Title order={5} mb="sm">
          <Trans>最近的盘点行</Trans>
        </Title>
        {lines.length === 0 ? (
          <Text c="dimmed">
            <Trans>还没有盘点行：扫码或输入SKU开始</Trans>
          </Text>
        ) : (
          <Table striped data-testid="count-line-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>SKU编号</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>数量</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>库位</Trans>
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.slice(0, 20).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    {l.skuNo} {l.skuUnknown ? <UnknownSkuMark /> : null}
                  </Table.Td>
                  <Table.Td ta="right">{l.productQuantity}</Table.Td>
                  <Table.Td>{l.warehousePosition}</Table.Td>
                  <Table.Td>
                    <PendingMark mark={l.__pending} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      {unknownSku !== null && (
        <UnknownSkuDialog
          sku={unknownSku}
          onConfirm={() => {
            const sku = unknownSku
            setUnknownSku(null)
            void commit(sku, true)
          }}
          onCancel={() => {
            setUnknownSku(null)
            skuRef.current?.focus()
          }}
        />
      )}

      {finishing && (
        <Modal opened onClose={() => setFinishing(false)} title={t`完成盘点`} centered>
          <Stack>
            <Text>
              <Trans>
                共 {totals.lines} 行，总数量 {totals.quantity}，SKU {totals.perSku.length} 个。
              </Trans>
            </Text>
            {queued > 0 && (
              <Alert color="yellow">
                <Trans>还有 {queued} 条保存在本设备，联网后会自动同步。</Trans>{' '}
                <Trans>盘点在这些行同步之后才在服务器上完成。</Trans>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button size="lg" variant="default" onClick={() => setFinishing(false)}>
                <Trans>继续盘点</Trans>
              </Button>
              <Button size="lg" color="green" onClick={() => void finish()}>
                <Trans>确认完成</Trans>
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {guard.dialog}
    </Stack>
  )
}
