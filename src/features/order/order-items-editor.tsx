// The order form's item lines: each line picks a SKU from the tenant's products (searched on the
// server as one types), which fills its name and unit price; the amount is quantity × unit price,
// and under the lines the order total = Σ amounts + shipping − discount, as the server will compute
// it (the server's figure is what is stored). Lines are stacked fields, not a wide table, so the form
// works on a phone.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useDebouncedValue } from '@mantine/hooks'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { http } from '@/api/http'
import { config } from '@/config'
import type { FormRow, FormValues } from '@/crud/form/form-values'
import { formatNumber } from '@/domain/format'
import { order } from '@/domain/order/order'
import { lineAmount, orderTotalOf, type PickedProduct } from './order-math'

const NEW_LINE: FormRow = { skuNo: null, name: '', quantity: 1, unitPrice: '', amount: null }

function useProducts(keyword: string) {
  return useQuery({
    queryKey: ['order', 'product-select', keyword],
    queryFn: () =>
      http.get<PickedProduct[]>(
        `${config.apiPrefix}${order.api}/product-select`,
        keyword ? { keyword } : undefined,
      ),
    placeholderData: keepPreviousData,
  })
}

function SkuPicker({ form, index }: { form: UseFormReturnType<FormValues>; index: number }) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const [keyword] = useDebouncedValue(search.trim(), 250)
  const products = useProducts(keyword).data ?? []
  const path = `items.${index}.skuNo`
  const value = ((form.values.items as FormRow[])[index]?.skuNo as string | null) ?? null
  const data = products.map((p) => ({ value: p.skuNo, label: p.label }))
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value })
  const input = form.getInputProps(path)
  const pick = (sku: string | null) => {
    form.setFieldValue(path, sku)
    const p = products.find((x) => x.skuNo === sku)
    if (p) {
      form.setFieldValue(`items.${index}.name`, p.productName ?? '')
      if (p.productPrice !== null) form.setFieldValue(`items.${index}.unitPrice`, p.productPrice)
    }
    queueMicrotask(() => form.validateField(path))
  }
  return (
    <Select
      label={t`SKU编号`}
      aria-label={t`SKU编号 ${index + 1}`}
      required
      searchable
      clearable
      data={data}
      value={value}
      onChange={pick}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t`没有匹配的商品`}
      error={input.error}
      onBlur={input.onBlur}
    />
  )
}

export function OrderItemsEditor({ form }: { form: UseFormReturnType<FormValues> }) {
  const { t } = useLingui()
  const values = form.values
  const lines = (values.items as FormRow[] | undefined) ?? []
  const error = form.errors.items
  const total = orderTotalOf(lines, values.shippingFee, values.discount)
  return (
    <Input.Wrapper label={t`商品明细`} required error={error} role="group" aria-label={t`商品明细`}>
      <Stack gap="xs" mt={4}>
        {lines.length === 0 && (
          <Text c="dimmed" size="sm" ta="center">
            <Trans>暂无商品明细，请添加</Trans>
          </Text>
        )}
        {lines.map((line, i) => (
          <Paper key={i} withBorder p="xs" radius="sm">
            <Grid columns={24} gap="xs" align="flex-end">
              <Grid.Col span={{ base: 24, sm: 7 }}>
                <SkuPicker form={form} index={i} />
              </Grid.Col>
              <Grid.Col span={{ base: 24, sm: 6 }}>
                <TextInput
                  label={t`商品名称`}
                  aria-label={t`商品名称 ${i + 1}`}
                  {...form.getInputProps(`items.${i}.name`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 8, sm: 3 }}>
                <NumberInput
                  label={t`数量`}
                  aria-label={t`数量 ${i + 1}`}
                  required
                  min={1}
                  allowDecimal={false}
                  clampBehavior="none"
                  {...form.getInputProps(`items.${i}.quantity`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 8, sm: 4 }}>
                <NumberInput
                  label={t`单价`}
                  aria-label={t`单价 ${i + 1}`}
                  required
                  min={0}
                  thousandSeparator=","
                  clampBehavior="none"
                  {...form.getInputProps(`items.${i}.unitPrice`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Text size="xs" c="dimmed">
                  <Trans>金额</Trans>
                </Text>
                <Text fw={500} aria-label={t`金额 ${i + 1}`} py={6}>
                  {formatNumber('vnd', lineAmount(line)) || '-'}
                </Text>
              </Grid.Col>
              <Grid.Col span={{ base: 2, sm: 1 }}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t`删除第${i + 1}行`}
                  onClick={() => form.removeListItem('items', i)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Grid.Col>
            </Grid>
          </Paper>
        ))}
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('items', { ...NEW_LINE })}
          >
            <Trans>添加商品</Trans>
          </Button>
          <Text size="sm">
            <Trans>订单金额</Trans>{' '}
            <Text span fw={700} aria-label={t`订单金额合计`}>
              {formatNumber('vnd', total)}
            </Text>{' '}
            <Text span size="xs" c="dimmed">
              <Trans>(商品金额 + 运费 − 优惠，以保存后服务器计算为准)</Trans>
            </Text>
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  )
}
