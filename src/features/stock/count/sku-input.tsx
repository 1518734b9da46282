// The SKU field. A keyboard-wedge scanner types the code fast and ends with Enter into this
// focused field; a person types with suggestions: the tenant's products (SKU with its name, from
// the cached product list, so offline too) and the SKUs counted so far. Enter commits the line;
import { useProductSkus, type ProductSku } from './product-skus'
// choosing a suggestion only fills the SKU.
import { useLingui } from '@lingui/react/macro'
import { Autocomplete, Group, Text } from '@mantine/core'
import { forwardRef, useMemo } from 'react'

interface Props {
  value: string
  onChange: (v: string) => void
  onCommit: (sku: string) => void
  known: string[]
  error?: string | null
}

/** A suggestion: a SKU, with its product's name when it is a product. */
export interface SkuOption {
  skuNo: string
  productName?: string
}

/** Products first, then the known SKUs that are no product (counted before the product existed). */
export function skuOptions(products: readonly ProductSku[], known: readonly string[]): SkuOption[] {
  const seen = new Set<string>()
  const out: SkuOption[] = []
  for (const p of products) {
    if (!p.skuNo || seen.has(p.skuNo)) continue
    seen.add(p.skuNo)
    out.push({ skuNo: p.skuNo, productName: p.productName || undefined })
  }
  for (const s of known) {
    if (!s || seen.has(s)) continue
    seen.add(s)
    out.push({ skuNo: s })
  }
  return out
}

/** The options whose SKU or product name contains what was typed, SKUs starting with it first (at most 20). */
export function suggest(options: readonly SkuOption[], typed: string): SkuOption[] {
  const q = typed.trim().toLowerCase()
  if (!q) return []
  const starts: SkuOption[] = []
  const contains: SkuOption[] = []
  for (const o of options) {
    const sku = o.skuNo.toLowerCase()
    if (sku.startsWith(q)) starts.push(o)
    else if (sku.includes(q) || !!o.productName?.toLowerCase().includes(q)) contains.push(o)
  }
  return [...starts, ...contains].slice(0, 20)
}

export const SkuInput = forwardRef<HTMLInputElement, Props>(function SkuInput(
  { value, onChange, onCommit, known, error },
  ref,
) {
  const { t } = useLingui()
  const products = useProductSkus()
  const options = useMemo(() => skuOptions(products, known), [products, known])
  const shown = suggest(options, value)
  const names = new Map(shown.map((o) => [o.skuNo, o.productName]))
  return (
    <Autocomplete
      ref={ref}
      size="xl"
      label={t`SKU编号`}
      placeholder={t`扫码或输入SKU`}
      value={value}
      onChange={onChange}
      data={shown.map((o) => o.skuNo)}
      // Already matched here (by SKU or product name): the dropdown shows them as they are.
      filter={({ options: all }) => all}
      renderOption={({ option }) => (
        <Group gap="sm" wrap="nowrap">
          <Text>{option.value}</Text>
          {names.get(option.value) && (
            <Text c="dimmed" size="sm">
              {names.get(option.value)}
            </Text>
          )}
        </Group>
      )}
      onOptionSubmit={(v) => onChange(v)}
      error={error}
      autoFocus
      autoComplete="off"
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
        e.preventDefault()
        onCommit(e.currentTarget.value.trim())
      }}
    />
  )
})
