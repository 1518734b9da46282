// A SKU the product list on the device lacks: the shelf may hold products the catalog does not
// have yet, so the counter may still count it, once confirmed, and the line carries a mark.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Modal, Text } from '@mantine/core'

export function UnknownSkuDialog({
  sku,
  onConfirm,
  onCancel,
}: {
  sku: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  return (
    <Modal opened onClose={onCancel} title={t`未知SKU`} centered>
      <Text mb="md">
        <Trans>SKU {sku} 不在商品列表中（商品资料可能尚未录入）。仍然添加并标记为未知SKU？</Trans>
      </Text>
      <Group justify="flex-end">
        <Button size="lg" variant="default" onClick={onCancel}>
          <Trans>重新输入</Trans>
        </Button>
        <Button size="lg" color="orange" onClick={onConfirm} data-autofocus>
          <Trans>仍然添加</Trans>
        </Button>
      </Group>
    </Modal>
  )
}

export function UnknownSkuMark() {
  return (
    <Badge color="orange" variant="light" data-testid="sku-unknown">
      <Trans>未知SKU</Trans>
    </Badge>
  )
}
